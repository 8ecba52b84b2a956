import { Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { isEmbedded, type AppConfig } from '../config/app-config';

export type MigrationClass = new () => unknown;

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

/** Options shared by both databases: same migrations, never `synchronize` (ARCHITECTURE). */
async function dataSourceOptions(
  config: AppConfig,
  migrations: MigrationClass[],
  embedded: EmbeddedHandle,
): Promise<DataSourceOptions> {
  const common = {
    type: 'postgres' as const,
    migrations,
    migrationsRun: true,
    synchronize: false,
    logging: false,
    uuidExtension: 'pgcrypto' as const,
    installExtensions: false,
  };
  if (!isEmbedded(config)) {
    return { ...common, url: config.databaseUrl, extra: { max: 10 } };
  }
  // PGlite through its node-postgres adapter (never typeorm-pglite: STACK.md); one connection.
  embedded.db = await PGlite.create(config.dataDir);
  return { ...common, extra: createPgConfig(embedded.db) };
}

@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig, migrations: MigrationClass[]): DynamicModule {
    const embedded: EmbeddedHandle = {};
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => ({
            ...(await dataSourceOptions(config, migrations, embedded)),
            autoLoadEntities: true,
          }),
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
