import {
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { ModulesContainer } from '@nestjs/core';
import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { onPglite, type AppConfig } from '../config/app-config';
import { discoverMigrations, type MigrationClass } from '../module-contract/migrations';
import { guardSingleConnection } from './single-connection-guard';
import { closeIfStartFails } from '../runtime/failed-start';
import { openEmbeddedPostgres } from './embedded-postgres/open-embedded-postgres';

/** What choosing and opening the database reads of the configuration. */
export type DatabaseConfig = Pick<
  AppConfig,
  | 'databaseUrl'
  | 'dataDir'
  | 'dataDirTemplate'
  | 'embeddedEngine'
  | 'pgliteKeptForData'
  | 'embeddedDatabaseUrl'
>;

const logger = new Logger('Database');

/**
 * The `pg` pool on an external Postgres. During an outage a request must fail fast (and be
 * answered 503) rather than wait: a connection attempt gives up after 3 s, and a request
 * queued for a busy pool as well. Broken clients are dropped by the pool and new ones made on
 * demand, so it recovers by itself when Postgres returns. TCP keepalive finds connections
 * whose peer vanished without closing them (a host or network failure).
 */
const POOL_OPTIONS = {
  // Bull runs 8 jobs at once; subscriptions and requests need room beside them.
  max: 20,
  connectionTimeoutMillis: 3000,
  idleTimeoutMillis: 10_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
};

/** What the embedded engine opened, closed after the data source. */
interface EmbeddedHandle {
  db?: PGlite;
  /** Stops the embedded Postgres cluster (when this app started one). */
  stop?: () => Promise<void>;
  /** The app's data source, closed first when the app fails to start. */
  dataSource?: DataSource;
}

async function closeEmbedded(embedded: EmbeddedHandle): Promise<void> {
  await embedded.db?.close();
  embedded.db = undefined;
  await embedded.stop?.();
  embedded.stop = undefined;
}

/** Closes the pool, then the embedded database under it, when the app shuts down. */
@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly embedded: EmbeddedHandle,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await closeEmbedded(this.embedded);
  }
}

/**
 * The session-level advisory lock every instance takes around its migrations on an external
 * Postgres (any fixed number; this one is "collab" in ASCII). TypeORM takes none: instances started
 * together on an empty database all found the migrations pending, and all but one failed on
 * `CREATE TABLE` (a duplicate in `pg_type`), recovering only through the connection retry.
 */
export const MIGRATION_LOCK_KEY = '109330211561826'; // 0x636f6c6c6162

/**
 * Runs the pending migrations one instance at a time: the first runs them, the others wait
 * for its lock and then find nothing pending. The lock is held by a connection of its own,
 * closed afterwards, so it cannot outlive this call (nor a process that dies during it).
 */
export async function runMigrationsLocked(
  dataSource: DataSource,
  databaseUrl: string,
): Promise<void> {
  const lock = new Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 3000,
    keepAlive: true,
  });
  await lock.connect();
  try {
    await lock.query(`SELECT pg_advisory_lock($1::bigint)`, [MIGRATION_LOCK_KEY]);
    await dataSource.runMigrations({ transaction: 'all' });
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/**
 * Opens a data source with its schema up to date: PGlite migrates as it opens
 * (`migrationsRun`), a Postgres server (external or embedded) under the migration lock.
 */
async function openAndMigrate(dataSource: DataSource, config: DatabaseConfig): Promise<DataSource> {
  await dataSource.initialize();
  if (onPglite(config)) return dataSource;
  try {
    const { url } = dataSource.options as { url: string };
    await runMigrationsLocked(dataSource, url);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}

/** Options shared by every engine: same migrations, never `synchronize` (ARCHITECTURE). */
async function dataSourceOptions(
  config: DatabaseConfig,
  migrations: MigrationClass[],
  embedded: EmbeddedHandle,
): Promise<DataSourceOptions> {
  const common = {
    type: 'postgres' as const,
    migrations,
    // One process owns PGlite; on a Postgres server see `runMigrationsLocked`.
    migrationsRun: onPglite(config),
    synchronize: false,
    logging: false,
    uuidExtension: 'pgcrypto' as const,
    installExtensions: false,
  };
  const url = onPglite(config)
    ? undefined
    : (config.databaseUrl ?? (await openEmbeddedPostgres(config, embedded)));
  if (url) {
    return {
      ...common,
      url,
      extra: POOL_OPTIONS,
      // An idle client whose connection dies is reported here and dropped, never thrown.
      poolErrorHandler: (err: unknown) =>
        logger.warn({ msg: 'idle database connection lost', err: String(err) }),
    };
  }
  if (config.pgliteKeptForData)
    logger.log({
      msg: 'DATA_DIR holds PGlite data: the embedded engine stays PGlite (EMBEDDED_ENGINE=pglite says so and silences this; docs/operating.md tells how to move to embedded Postgres)',
      dataDir: config.dataDir,
    });
  // PGlite through its node-postgres adapter, which keeps the `pg` driver's behaviour (error
  // codes, bigint as string). Never typeorm-pglite: with two overlapping transactions it
  // reported a commit that never happened. One connection: PGlite runs one transaction at a time.
  // A template (a migrated data directory's dump) spares a new database initdb and migrations.
  embedded.db = await PGlite.create({
    dataDir: config.dataDir,
    ...(config.dataDirTemplate && { loadDataDir: config.dataDirTemplate }),
  });
  return { ...common, extra: createPgConfig(embedded.db) };
}

/**
 * Runs `migrations` on the database of `config` as the app would at start, then closes it.
 * On the embedded database, answers a dump of the migrated data directory (a template to
 * start other databases from: `dataDirTemplate`).
 */
export async function migrateDatabase(
  config: DatabaseConfig,
  migrations: MigrationClass[],
): Promise<Blob | undefined> {
  const embedded: EmbeddedHandle = {};
  try {
    const dataSource = new DataSource(await dataSourceOptions(config, migrations, embedded));
    await (await openAndMigrate(dataSource, config)).destroy();
    return await embedded.db?.dumpDataDir('none');
  } finally {
    await closeEmbedded(embedded);
  }
}

@Module({})
export class DatabaseModule {
  /** The migrations are those every module of the application declares (`@Migrations`). */
  static forRoot(config: AppConfig): DynamicModule {
    const embedded: EmbeddedHandle = {};
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [ModulesContainer],
          useFactory: async (modules: ModulesContainer) => {
            // One closer, in order: the pool, then the embedded database under it.
            closeIfStartFails(config, async () => {
              if (embedded.dataSource?.isInitialized) await embedded.dataSource.destroy();
              await closeEmbedded(embedded);
            });
            return {
              ...(await dataSourceOptions(config, discoverMigrations(modules), embedded)),
              autoLoadEntities: true,
            };
          },
          dataSourceFactory: async (options) => {
            const dataSource = new DataSource(options!);
            if (onPglite(config)) guardSingleConnection(dataSource);
            embedded.dataSource = dataSource;
            return openAndMigrate(dataSource, config);
          },
        }),
      ],
      providers: [
        {
          provide: DatabaseLifecycle,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new DatabaseLifecycle(dataSource, embedded),
        },
      ],
    };
  }
}
