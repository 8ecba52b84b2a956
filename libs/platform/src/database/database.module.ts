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
import { isEmbedded, type AppConfig } from '../config/app-config';
import { discoverMigrations, type MigrationClass } from '../module-contract/migrations';
import { guardSingleConnection } from './single-connection-guard';
import { closeIfStartFails } from '../runtime/failed-start';

/** What choosing and opening the database reads of the configuration. */
type DatabaseConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'dataDirTemplate'>;

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

interface EmbeddedHandle {
  db?: PGlite;
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
    await this.embedded.db?.close();
    this.embedded.db = undefined;
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
 * Opens a data source with its schema up to date: the embedded one migrates as it opens
 * (`migrationsRun`), an external one under the migration lock.
 */
async function openAndMigrate(dataSource: DataSource, config: DatabaseConfig): Promise<DataSource> {
  await dataSource.initialize();
  if (!config.databaseUrl) return dataSource;
  try {
    await runMigrationsLocked(dataSource, config.databaseUrl);
  } catch (err) {
    await dataSource.destroy();
    throw err;
  }
  return dataSource;
}

/** Options shared by both databases: same migrations, never `synchronize` (ARCHITECTURE). */
async function dataSourceOptions(
  config: DatabaseConfig,
  migrations: MigrationClass[],
  embedded: EmbeddedHandle,
): Promise<DataSourceOptions> {
  const common = {
    type: 'postgres' as const,
    migrations,
    // One process owns the embedded database; on an external one see `runMigrationsLocked`.
    migrationsRun: isEmbedded(config),
    synchronize: false,
    logging: false,
    uuidExtension: 'pgcrypto' as const,
    installExtensions: false,
  };
  if (config.databaseUrl) {
    return {
      ...common,
      url: config.databaseUrl,
      extra: POOL_OPTIONS,
      // An idle client whose connection dies is reported here and dropped, never thrown.
      poolErrorHandler: (err: unknown) =>
        logger.warn({ msg: 'idle database connection lost', err: String(err) }),
    };
  }
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
    await embedded.db?.close();
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
          useFactory: async (modules: ModulesContainer) => ({
            ...(await dataSourceOptions(config, discoverMigrations(modules), embedded)),
            autoLoadEntities: true,
          }),
          dataSourceFactory: async (options) => {
            const dataSource = new DataSource(options!);
            if (isEmbedded(config)) guardSingleConnection(dataSource);
            closeIfStartFails(config, async () => {
              if (dataSource.isInitialized) await dataSource.destroy();
              await embedded.db?.close();
              embedded.db = undefined;
            });
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
