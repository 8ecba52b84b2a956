// Preloaded into a server process (`node --require`): when it exits, the files it loaded through
// CommonJS (`require.cache`) are written to LOADED_MODULES_FILE, one a line. ES modules do not
// appear there.
const { writeFileSync } = require('node:fs');

process.on('exit', () => {
  writeFileSync(process.env.LOADED_MODULES_FILE, Object.keys(require.cache).join('\n'));
});
