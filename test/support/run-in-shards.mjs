// `npm test`: jest in band, the suites split into a few shards, each run by a fresh process.
// One process for every suite kept each suite's modules and databases reachable until the end,
// and its garbage collector slowed every later suite (the full run took three times as long).
// Shards run a few at a time: a shard leaves the cores idle for a quarter of its time (its
// tests wait on timers, spawned servers and the database), which another shard fills. Each
// shard has its own jest process, global setup (its own embedded cluster) and output, printed
// whole when it ends. Arguments (files, -t) run once, unsharded, with jest's own output.
// TEST_SHARDS sets the count (4 by default), TEST_CONCURRENCY how many run at once (2 by
// default; 1 runs them one after the other). On an external Postgres (DATABASE_URL) they take
// turns by default: shards there share one cluster, and its transaction horizon is the whole
// cluster's, so a long write transaction of one shard held back every subscription of the
// other (a 10 s wait ran out beside a migration of 10,000 annotations). Exits non-zero when
// any shard fails.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);

/** A count from the environment: a positive integer, or the run stops (it never passes empty). */
function count(name, fallback) {
  const value = process.env[name] ?? String(fallback);
  const n = Number(value);
  if (Number.isInteger(n) && n >= 1) return n;
  console.error(`${name} must be a positive integer, not ${JSON.stringify(value)}`);
  process.exit(2);
}
const shards = count('TEST_SHARDS', args.length > 0 ? 1 : 4);
const concurrency = Math.min(shards, count('TEST_CONCURRENCY', process.env.DATABASE_URL ? 1 : 2));
const jest = [
  '--max-old-space-size=12288',
  '--experimental-vm-modules',
  '--no-warnings',
  'node_modules/jest/bin/jest.js',
  '--runInBand',
];

if (shards === 1) {
  const run = spawnSync(process.execPath, [...jest, ...args], { stdio: 'inherit' });
  process.exit(run.status === 0 ? 0 : 1);
}

const logs = mkdtempSync(join(tmpdir(), 'collab-test-shards-'));
const children = new Set();
let stopping = false;
const stop = (signal) => {
  stopping = true;
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

/** Runs one shard with its output in a file of its own, printed whole when it ends. */
async function runShard(shard) {
  const log = join(logs, `shard-${shard}.log`);
  const fd = openSync(log, 'w');
  const started = Date.now();
  let child;
  let exit;
  try {
    child = spawn(process.execPath, [...jest, `--shard=${shard}/${shards}`, ...args], {
      stdio: ['ignore', fd, fd],
      // jest colours its output only for a terminal; the shard's goes to a file first.
      env: { ...process.env, ...(process.stdout.isTTY && { FORCE_COLOR: '1' }) },
    });
    children.add(child);
    exit = await once(child, 'exit');
  } finally {
    children.delete(child);
    closeSync(fd);
  }
  const [code, signal] = exit;
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(
    `\n---- shard ${shard}/${shards} (${seconds} s, exit ${code ?? signal}) ----\n`,
  );
  process.stdout.write(readFileSync(log));
  return code === 0;
}

let next = 1;
let failed = false;
async function worker() {
  while (next <= shards && !stopping) {
    const shard = next++;
    try {
      if (!(await runShard(shard))) failed = true;
    } catch (err) {
      console.error(`shard ${shard}/${shards} did not run: ${err}`);
      failed = true;
    }
  }
}
await Promise.all(Array.from({ length: concurrency }, worker));
rmSync(logs, { recursive: true, force: true });
// Not process.exit(): on a pipe, output still queued would be cut off.
process.exitCode = failed || stopping ? 1 : 0;
