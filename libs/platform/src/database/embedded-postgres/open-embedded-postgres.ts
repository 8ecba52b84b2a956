import { Logger } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, holdsPgliteData, isInMemory, type AppConfig } from '../../config/app-config';
import { startEmbeddedCluster } from './embedded-cluster';

const logger = new Logger('Database');

/**
 * The URL of the embedded Postgres engine's database: the cluster in `dataDir/postgres`,
 * started here (`stop` set to stop it); with `memory://`, a database on the cluster
 * `embeddedDatabaseUrl` names (the test suite's), else a throw-away cluster of its own.
 */
export async function openEmbeddedPostgres(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'embeddedDatabaseUrl'>,
  embedded: { stop?: () => Promise<void> },
): Promise<string> {
  const inMemory = isInMemory(config);
  if (inMemory && config.embeddedDatabaseUrl) return config.embeddedDatabaseUrl;
  // Also checked by loadConfig; a configuration made in code (tests) passes here only.
  if (holdsPgliteData(config.dataDir))
    throw new ConfigError(
      `DATA_DIR (${config.dataDir}) holds PGlite data: the Postgres engine would start empty beside it; set EMBEDDED_ENGINE=pglite`,
    );
  const started = Date.now();
  const dir = inMemory
    ? mkdtempSync(join(tmpdir(), 'collab-pg-'))
    : join(config.dataDir, 'postgres');
  const cluster = await startEmbeddedCluster({
    dir,
    durable: !inMemory,
    removeOnStop: inMemory,
  });
  // Stopped by the database module, after the pool on it (also when the app fails to start).
  embedded.stop = cluster.stop;
  logger.log({ msg: 'embedded Postgres started', dir, ms: Date.now() - started });
  return cluster.url;
}
