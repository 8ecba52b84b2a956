import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * jest's global setup: on the embedded Postgres engine (no DATABASE_URL, EMBEDDED_ENGINE not
 * pglite), one cluster for the whole run in a temporary directory, without fsync (thrown
 * away at the end); each test app gets a database of its own there (libs/testing,
 * suite-cluster.ts). test/support/suite-cluster-teardown.ts stops it.
 */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL || process.env.EMBEDDED_ENGINE === 'pglite') return;
  const dir = mkdtempSync(join(tmpdir(), 'collab-test-pg-'));
  let cluster: EmbeddedCluster;
  try {
    cluster = await startEmbeddedCluster({ dir, durable: false, removeOnStop: true });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  process.env[SUITE_CLUSTER_VARIABLE] = cluster.url;
  (globalThis as { stopSuiteCluster?: () => Promise<void> }).stopSuiteCluster = async () => {
    delete process.env[SUITE_CLUSTER_VARIABLE];
    await cluster.stop();
  };
}
