import { createApp } from '@app/api';
import {
  createScratchDatabase,
  dropScratchDatabase,
  loadConfig,
  type AppConfig,
} from '@app/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';

/** The server as users run it, on a database of its own, listening on a free local port. */
export interface BenchServer {
  app: NestFastifyApplication;
  config: AppConfig;
  baseUrl: string;
  adminToken: string;
  /** POSTs `{data}` and answers the parsed body; a non-2xx answer throws. */
  post(path: string, data: unknown, headers?: Record<string, string>): Promise<any>;
  close(): Promise<void>;
}

const BENCH_PREFIX = 'bench';

/** The limits the bench raises, and only these (no scenario calls Ask AI, limited apart). */
const BENCH_RATE_LIMITS = { rateLimitRps: 1_000_000, rateLimitBurst: 1_000_000 };

/** `overrides`: what a scenario's local parts need (the email scenario's relay). */
export async function startBenchServer(overrides: Partial<AppConfig> = {}): Promise<BenchServer> {
  const env = loadConfig(process.env);
  const databaseUrl = env.databaseUrl
    ? await createScratchDatabase(env.databaseUrl, BENCH_PREFIX)
    : undefined;
  const adminToken = randomBytes(16).toString('hex');
  const config: AppConfig = {
    ...env,
    databaseUrl,
    dataDir: 'memory://',
    adminToken,
    encryptionKey: randomBytes(32),
    logLevel: 'error',
    // The webhook scenario's receivers are local.
    webhookAllowPrivateTargets: true,
    queuePrefix: `bench_${randomBytes(3).toString('hex')}`,
    // One API key makes every call, thousands a second: the default per-caller limits
    // (docs/operating.md "Rate limits") would refuse them. Still counted, as for users: only
    // the limits are raised.
    ...BENCH_RATE_LIMITS,
    ...overrides,
  };
  console.log(
    `bench: rate limits raised for the bench's own calls: RATE_LIMIT_RPS ${env.rateLimitRps} → ` +
      `${config.rateLimitRps}, RATE_LIMIT_BURST ${env.rateLimitBurst} → ${config.rateLimitBurst} ` +
      '(every other setting as the environment gives it)',
  );
  const { app } = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const baseUrl = await app.getUrl();
  return {
    app,
    config,
    baseUrl,
    adminToken,
    async post(path, data, headers = {}) {
      const res = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ data }),
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    },
    async close() {
      await app.close();
      if (databaseUrl) await dropScratchDatabase(databaseUrl, BENCH_PREFIX);
    },
  };
}

/** A workspace made through the API: its first API key, and both levels' headers. */
export async function benchWorkspace(server: BenchServer): Promise<{
  apiKey: string;
  apiKeyHeaders: Record<string, string>;
  workspaceHeaders: Record<string, string>;
}> {
  const created = await server.post(
    '/v2/workspace/create',
    { ownerEmail: 'bench@example.com' },
    { 'x-service-admin-token': server.adminToken },
  );
  const workspace = created.result.data;
  const apiKey = Object.keys(workspace.apiKeyList)[0];
  const workspaceHeaders = {
    'x-service-workspace-id': workspace.id,
    'x-service-auth-token': workspace.authToken,
  };
  const tokens = await server.post('/v2/workspace/authtokens/get', { apiKey }, workspaceHeaders);
  const apiKeyHeaders = {
    'x-service-api-key': apiKey,
    'x-service-auth-token': tokens.result.data.authTokens[0].token,
  };
  return { apiKey, apiKeyHeaders, workspaceHeaders };
}

/** A workspace and its first API key's headers, made through the API. */
export async function apiKeyHeaders(server: BenchServer): Promise<Record<string, string>> {
  return (await benchWorkspace(server)).apiKeyHeaders;
}
