import type { ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test, type TestingModule } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { AppModule, configureApp, fastifyAdapter, nestLogger } from '@app/api';
import {
  closeWhatStartOpened,
  isInMemory,
  onPglite,
  loadConfig,
  resolveServerSecrets,
  type AppConfig,
} from '@app/platform';
import { embeddedTemplate, postgresTemplate } from './migrated-template';
import { SUITE_CLUSTER_VARIABLE } from './suite-cluster';
import { migrationsOf } from './module-migrations';
import { applyOverrides, type TestOverrides } from './overrides';
import { settle } from './settle';
import { printStartUpError } from './start-up-error';
import { createTestDatabase, dropTestDatabase } from './test-database';

export interface TestAppOptions {
  /**
   * Embedded data directory to reuse (restart tests): on the Postgres engine a real cluster
   * starts in it; default: in memory.
   */
  dataDir?: string;
  /** A database URL to reuse (restart tests on Postgres); default: a fresh one when DATABASE_URL is set. */
  databaseUrl?: string;
  /** Keep the database after close(), to start another app on it. */
  keepDatabase?: boolean;
  /** Any other configuration (D13). */
  config?: Partial<AppConfig>;
  /** Your own modules, composed with the server's (to test an extension), their `@Migrations` too. */
  modules?: ModuleMetadata['imports'];
  /**
   * Providers to replace (a clock, an HTTP client, an AI provider): a list of
   * `{provide, useValue | useClass | useFactory}`, or a function given Nest's
   * `TestingModuleBuilder`, e.g. `(b) => b.overrideProvider(Clock).useValue(fakeClock)`.
   */
  overrides?: TestOverrides;
}

/** Credentials of a workspace and its first API key, as a caller would hold them. */
export interface TestWorkspace {
  workspaceId: string;
  workspaceToken: string;
  apiKey: string;
  authToken: string;
}

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  adminToken: string;
  /** POST `{data}` to `path` with the given headers. */
  post(path: string, data: unknown, headers?: Record<string, string>): request.Test;
  /** A workspace made through the API (D3.1) with its API key's auth token (operation 2). */
  createWorkspace(ownerEmail?: string): Promise<TestWorkspace>;
  /** Another API key of the workspace (operation 1) with its auth token. */
  createApiKey(workspace: TestWorkspace): Promise<TestWorkspace>;
  workspaceHeaders(workspace: TestWorkspace): Record<string, string>;
  apiKeyHeaders(workspace: TestWorkspace): Record<string, string>;
  /**
   * Waits until every subscriber has handled everything committed and no job is pending,
   * running that work meanwhile; fails after `timeoutMs` (default 10 s) naming what is behind.
   */
  settle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const TEST_ENCRYPTION_KEY = randomBytes(32);

/**
 * The whole server in-process, for jest e2e suites: the embedded database and the
 * in-process queue by default; a fresh database on DATABASE_URL and Bull on REDIS_URL when
 * those are set. On the embedded Postgres engine (EMBEDDED_ENGINE, default) a fresh database
 * on the suite's cluster (`suite-cluster.ts`); on PGlite one in memory. A new database starts
 * as a copy of a migrated template (see `migrated-template.ts`). Built with Nest's testing
 * module, so providers can be overridden, and configured as the production app is
 * (`configureApp`).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    EMBEDDED_ENGINE: options.config?.embeddedEngine ?? process.env.EMBEDDED_ENGINE,
    // Not the default ./.data: a developer's server data must not choose the tests' engine.
    DATA_DIR: 'memory://',
  });
  // The migrations the app will run name its template; the modules declare them.
  const migrations = () => {
    // Only walked, never started: any valid secrets do.
    const probe = { ...env, dataDir: 'memory://', encryptionKey: TEST_ENCRYPTION_KEY };
    return migrationsOf(AppModule.forRoot(probe, resolveServerSecrets(probe), options.modules));
  };
  const fromTemplate = async (baseUrl: string) =>
    createTestDatabase(baseUrl, await postgresTemplate(baseUrl, await migrations()));
  const databaseUrl =
    options.databaseUrl ?? (env.databaseUrl ? await fromTemplate(env.databaseUrl) : undefined);
  const suiteCluster = process.env[SUITE_CLUSTER_VARIABLE];
  const onSuiteCluster =
    !env.databaseUrl &&
    !options.databaseUrl &&
    !options.dataDir &&
    env.embeddedEngine === 'postgres' &&
    suiteCluster !== undefined;
  const embeddedDatabaseUrl = onSuiteCluster ? await fromTemplate(suiteCluster) : undefined;
  const adminToken = `adm_test_${randomBytes(16).toString('hex')}`;
  const config: AppConfig = {
    ...env,
    databaseUrl,
    dataDir: options.dataDir ?? 'memory://',
    embeddedDatabaseUrl,
    adminToken,
    encryptionKey: TEST_ENCRYPTION_KEY,
    logLevel: (process.env.TEST_LOG_LEVEL as AppConfig['logLevel']) ?? 'silent',
    queuePrefix: `test_${randomBytes(4).toString('hex')}`,
    // Suites send thousands of requests with one key; test/rate-limit.e2e-spec.ts sets its own.
    rateLimitRps: 1_000_000,
    rateLimitBurst: 1_000_000,
    ...options.config,
  };
  // A new in-memory database starts migrated; a data directory given keeps its own data.
  if (isInMemory(config) && onPglite(config) && !config.dataDirTemplate)
    config.dataDirTemplate = await embeddedTemplate(await migrations());
  const dropDatabase = async () => {
    if (databaseUrl && !options.databaseUrl && !options.keepDatabase)
      await dropTestDatabase(databaseUrl);
    if (embeddedDatabaseUrl) await dropTestDatabase(embeddedDatabaseUrl);
  };

  let app: NestFastifyApplication;
  try {
    app = await startApp(config, options);
  } catch (err) {
    printStartUpError(err);
    await closeWhatStartOpened(config);
    await dropDatabase().catch(() => {});
    throw err;
  }
  const server = app.getHttpServer();

  const post = (path: string, data: unknown, headers: Record<string, string> = {}) =>
    request(server).post(path).set(headers).send({ data });
  const workspaceHeaders = (w: TestWorkspace) => ({
    'x-service-workspace-id': w.workspaceId,
    'x-service-auth-token': w.workspaceToken,
  });
  const apiKeyHeaders = (w: TestWorkspace) => ({
    'x-service-api-key': w.apiKey,
    'x-service-auth-token': w.authToken,
  });

  async function tokenOf(workspace: Omit<TestWorkspace, 'authToken'>): Promise<TestWorkspace> {
    const res = await post(
      '/v2/workspace/authtokens/get',
      { apiKey: workspace.apiKey },
      workspaceHeaders({ ...workspace, authToken: '' }),
    );
    if (res.status !== 200)
      throw new Error(`authtokens/get failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...workspace, authToken: res.body.result.data.authTokens[0].token };
  }

  return {
    app,
    config,
    adminToken,
    post,
    workspaceHeaders,
    apiKeyHeaders,
    async createWorkspace(ownerEmail = 'owner@example.com') {
      const res = await post(
        '/v2/workspace/create',
        { ownerEmail, name: 'Owner' },
        { 'x-service-admin-token': adminToken },
      );
      if (res.status !== 200)
        throw new Error(`workspace/create failed: ${res.status} ${JSON.stringify(res.body)}`);
      const data = res.body.result.data;
      return tokenOf({
        workspaceId: data.id,
        workspaceToken: data.authToken,
        apiKey: Object.keys(data.apiKeyList)[0],
      });
    },
    async createApiKey(workspace) {
      const res = await post(
        '/v2/workspace/apikey/create',
        { ownerEmail: 'owner@example.com', createAuthToken: true },
        workspaceHeaders(workspace),
      );
      if (res.status !== 200)
        throw new Error(`apikey/create failed: ${res.status} ${JSON.stringify(res.body)}`);
      return tokenOf({ ...workspace, apiKey: res.body.result.data.apiKey });
    },
    settle: (timeoutMs) => settle(app, timeoutMs),
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}

/** The app of `config` through Nest's testing module; a start-up failure closes what opened. */
async function startApp(
  config: AppConfig,
  options: TestAppOptions,
): Promise<NestFastifyApplication> {
  const secrets = resolveServerSecrets(config);
  const builder = Test.createTestingModule({
    imports: [AppModule.forRoot(config, secrets, options.modules)],
  }).setLogger(nestLogger(config));
  const moduleRef: TestingModule = await applyOverrides(builder, options.overrides).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(fastifyAdapter(config), {
    logger: nestLogger(config),
  });
  try {
    configureApp(app);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return app;
  } catch (err) {
    await app.close().catch(() => {});
    throw err;
  }
}
