import type { ModuleMetadata } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createApp } from '@app/api';
import { loadConfig, type AppConfig } from '@app/platform';
import { createTestDatabase, dropTestDatabase } from './test-database';

export interface TestAppOptions {
  /** Embedded data directory to reuse (restart tests); default: in memory. */
  dataDir?: string;
  /** A database URL to reuse (restart tests on Postgres); default: a fresh one when DATABASE_URL is set. */
  databaseUrl?: string;
  /** Keep the database after close(), to start another app on it. */
  keepDatabase?: boolean;
  /** Any other configuration (D13). */
  config?: Partial<AppConfig>;
  /** Your own modules, composed with the server's (to test an extension). */
  modules?: ModuleMetadata['imports'];
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
  close(): Promise<void>;
}

const TEST_ENCRYPTION_KEY = randomBytes(32);

/**
 * The whole server in-process, for jest e2e suites: embedded Postgres in memory and the
 * in-process queue by default; a fresh database on DATABASE_URL and Bull on REDIS_URL when
 * those are set.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
  });
  const databaseUrl =
    options.databaseUrl ??
    (env.databaseUrl ? await createTestDatabase(env.databaseUrl) : undefined);
  const adminToken = `adm_test_${randomBytes(16).toString('hex')}`;
  const config: AppConfig = {
    ...env,
    databaseUrl,
    dataDir: options.dataDir ?? 'memory://',
    adminToken,
    encryptionKey: TEST_ENCRYPTION_KEY,
    logLevel: (process.env.TEST_LOG_LEVEL as AppConfig['logLevel']) ?? 'silent',
    queuePrefix: `test_${randomBytes(4).toString('hex')}`,
    // Suites send thousands of requests with one key; test/rate-limit.e2e-spec.ts sets its own.
    rateLimitRps: 1_000_000,
    rateLimitBurst: 1_000_000,
    ...options.config,
  };
  const { app } = await createApp(config, options.modules);
  await app.getHttpAdapter().getInstance().ready();
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
    async close() {
      await app.close();
      if (databaseUrl && !options.databaseUrl && !options.keepDatabase)
        await dropTestDatabase(databaseUrl);
    },
  };
}
