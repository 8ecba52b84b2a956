import {
  accessSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// jest loads its global setup without the @app/* aliases (moduleNameMapper): the file itself.
// eslint-disable-next-line no-restricted-imports
import {
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../../libs/platform/src/database/embedded-postgres/embedded-cluster';

/** libs/testing's SUITE_CLUSTER_VARIABLE (not importable here, see above). */
const SUITE_CLUSTER_VARIABLE = 'EMBEDDED_TEST_CLUSTER_URL';
const PREFIX = 'collab-test-pg-';
// The jest process a suite cluster belongs to: a run stopped by Ctrl-C or a crash leaves both.
const OWNER_FILE = 'owner.pid';
const MEMORY_DIR = '/dev/shm';
const MEMORY_DIR_MIN_FREE = 2 * 1024 ** 3;

/**
 * Where the throw-away clusters go: in memory (`/dev/shm`) where there is such a directory.
 * Each test app's database is a copy of a template, dropped when the app closes; on a disk
 * the kernel wrote every copy out, which cost more than the rest of the app's start (30 apps
 * one after the other: 18.4 s, of which 13–16 s in the kernel, against 7.4–9.0 s in memory).
 */
function clustersDir(): string {
  try {
    accessSync(MEMORY_DIR, constants.W_OK);
    // A container's default /dev/shm (64 MB) cannot hold a cluster.
    const { bavail, bsize } = statfsSync(MEMORY_DIR);
    return bavail * bsize >= MEMORY_DIR_MIN_FREE ? MEMORY_DIR : tmpdir();
  } catch {
    return tmpdir();
  }
}

/**
 * jest's global setup: on the embedded Postgres engine (no DATABASE_URL, EMBEDDED_ENGINE not
 * pglite), one cluster for the whole jest process in a temporary directory (in memory where
 * it can be, see clustersDir), without fsync (thrown away at the end); each test app gets a
 * database of its own there (libs/testing, suite-cluster.ts).
 * test/support/suite-cluster-teardown.ts stops it. The clusters of runs whose jest is gone
 * are stopped and removed first.
 */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || process.env.EMBEDDED_ENGINE === 'pglite') return;
  const parent = clustersDir();
  // Runs from before clusters went in memory left theirs in the temporary directory.
  for (const dir of new Set([parent, tmpdir()])) removeAbandonedClusters(dir);
  const top = mkdtempSync(join(parent, PREFIX));
  writeFileSync(join(top, OWNER_FILE), `${process.pid}\n`);
  let cluster: EmbeddedCluster;
  try {
    cluster = await startEmbeddedCluster({
      dir: join(top, 'postgres'),
      durable: false,
      removeOnStop: true,
    });
  } catch (err) {
    rmSync(top, { recursive: true, force: true });
    throw err;
  }
  process.env[SUITE_CLUSTER_VARIABLE] = cluster.url;
  (globalThis as { stopSuiteCluster?: () => Promise<void> }).stopSuiteCluster = async () => {
    delete process.env[SUITE_CLUSTER_VARIABLE];
    await cluster.stop();
    rmSync(top, { recursive: true, force: true });
  };
}

function removeAbandonedClusters(parent: string): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(PREFIX)) continue;
    const top = join(parent, name);
    const owner = readPid(join(top, OWNER_FILE));
    if (owner === undefined || isAlive(owner)) continue;
    const postmaster = readPid(join(top, 'postgres', 'postmaster.pid'));
    try {
      // SIGQUIT: the postmaster ends at once (the data is thrown away).
      if (postmaster !== undefined && isPostmasterIn(postmaster, join(top, 'postgres')))
        process.kill(postmaster, 'SIGQUIT');
      rmSync(top, { recursive: true, force: true });
    } catch {
      // Another user's (a run as root before this one): left to its owner.
    }
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostmasterIn(pid: number, dir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(dir);
  } catch {
    return false;
  }
}
