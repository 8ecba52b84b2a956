// Run after changing dependencies here: node .ci/prune-lockfile.js (then npm ci works again).
// Drops optional dependencies the registry mirror here does not serve (other platforms' binaries).
const fs = require('fs');
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let removed = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  if (!pkg.optionalDependencies) continue;
  for (const name of Object.keys(pkg.optionalDependencies)) {
    const base = path ? path + '/node_modules/' + name : 'node_modules/' + name;
    if (!lock.packages[base] && !lock.packages['node_modules/' + name]) { delete pkg.optionalDependencies[name]; removed++; }
  }
}
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log('removed', removed);
