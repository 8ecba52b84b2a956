// `npm test`: jest in band, the suites split into a few shards, each run by a fresh process
// one after the other. One process for every suite kept each suite's modules and databases
// reachable until the end, and its garbage collector slowed every later suite (the full run
// took three times as long). Arguments (files, -t) run once, unsharded; TEST_SHARDS sets the
// count (4 by default). Exits non-zero when any shard fails.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const shards = Number(process.env.TEST_SHARDS ?? (args.length > 0 ? 1 : 4));
const jest = [
  '--max-old-space-size=12288',
  '--experimental-vm-modules',
  '--no-warnings',
  'node_modules/jest/bin/jest.js',
  '--runInBand',
];

let failed = false;
for (let shard = 1; shard <= shards; shard += 1) {
  const only = shards > 1 ? [`--shard=${shard}/${shards}`] : [];
  const run = spawnSync(process.execPath, [...jest, ...only, ...args], { stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
