import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ShutdownState } from '@app/platform';
import { createTestApp, createTestDatabase, dropTestDatabase } from '@app/testing';
import { freePort } from './support/free-port';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';
import { apiKeyHeadersOf } from './support/caller-credentials';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Organizations of the request in flight when the signal comes. */
const SLOW_IDS = Array.from({ length: 100 }, (_, i) => `slow-${i}`);

/**
 * organizations/add of `ids` on a connection of its own, its body sent in two halves: the
 * second 500 ms after the first, so the request is in flight (begun, not complete) meanwhile.
 */
function slowUpload(url: string, headers: Record<string, string>, ids: string[]) {
  const body = JSON.stringify({
    data: { organizations: ids.map((id) => ({ organizationId: id, organizationName: 'Slow' })) },
  });
  const half = Math.floor(body.length / 2);
  return new Promise<{ status: number; at: number }>((resolve, reject) => {
    const req = httpRequest(`${url}/v1/organizations/add`, {
      method: 'POST',
      agent: false,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': body.length },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, at: Date.now() }));
    });
    req.on('error', reject);
    req.write(body.slice(0, half));
    setTimeout(() => req.end(body.slice(half)), 500);
  });
}

/** A caller of a server in another process, over keep-alive connections (fetch's default). */
function client(url: string) {
  return async (path: string, data: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ data }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as any };
  };
}

/** Every id of `ids` that organizations/get does not return. */
async function missing(
  post: ReturnType<typeof client>,
  headers: Record<string, string>,
  ids: string[],
) {
  const lost: string[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const res = await post(
      '/v2/organizations/get',
      { organizationIds: chunk, pageSize: 1000 },
      headers,
    );
    expect(res.status).toBe(200);
    const found = new Set(res.body.result.data.map((o: { id: string }) => o.id));
    lost.push(...chunk.filter((id) => !found.has(id)));
  }
  return lost;
}

describe('graceful shutdown (SIGTERM)', () => {
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let env: Record<string, string>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    const port = await freePort();
    if (process.env.DATABASE_URL) databaseUrl = await createTestDatabase(process.env.DATABASE_URL);
    else dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
    env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_TOKEN: `adm_${randomBytes(16).toString('hex')}`,
      SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      RATE_LIMIT_RPS: '100000',
      RATE_LIMIT_BURST: '200000',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: `test_${randomBytes(4).toString('hex')}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
      ...(process.env.REDIS_URL && { REDIS_URL: process.env.REDIS_URL }),
    };
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await ServerProcess.start(BUILT_MAIN, env);
    servers.push(server);
    return server;
  };

  it('finishes the requests in flight, loses no acknowledged write and exits 0', async () => {
    const server = await start();
    const post = client(server.url);
    const headers = await apiKeyHeadersOf(post, env.ADMIN_TOKEN);

    // A stream of small writes from 8 callers, until the server stops answering.
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let signalledAt = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const id = `w${w}-${i}`;
        try {
          const res = await post(
            '/v1/organizations/add',
            { organizations: [{ organizationId: id, organizationName: 'W' }] },
            headers,
          );
          if (res.status === 200 && res.body.result.data[id].success) acknowledged.push(id);
          else {
            refused.push(res.status);
            // During the drain: the failure envelope, and the connection is not kept.
            expect(res.status).toBe(503);
            expect(res.body.error.status).toBe('UNAVAILABLE');
          }
        } catch {
          if (signalledAt) return; // the listener is closed: connection refused or reset
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A slow request: its body half sent when the signal comes, the rest 300 ms later.
    const slow = slowUpload(server.url, headers, SLOW_IDS);
    await new Promise((resolve) => setTimeout(resolve, 200));
    signalledAt = Date.now();
    server.signal('SIGTERM');
    const exit = await server.exited;
    const shutdownMs = Date.now() - signalledAt;
    stop = true;
    await Promise.all(writers);
    const slowDone = await slow;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.log).toMatch(/shutdown complete/);
    // The slow batches were in flight at the signal and finished.
    // The request in flight at the signal was finished and answered.
    expect(slowDone.status).toBe(200);
    expect(slowDone.at).toBeGreaterThan(signalledAt + 250);
    expect(acknowledged.length).toBeGreaterThan(20);

    // On the same data, every acknowledged write is there.
    const again = await start();
    const read = client(again.url);
    expect(await missing(read, headers, [...acknowledged, ...SLOW_IDS])).toEqual([]);
    const closedMs = /"http server closed","ms":(\d+)/.exec(server.log)?.[1];
    console.log(
      `graceful-shutdown: ${acknowledged.length} small writes acknowledged, ${refused.length} refused during the drain, 100 in a request in flight; requests drained after ${closedMs} ms, exit 0 after ${shutdownMs} ms`,
    );
    again.signal('SIGTERM');
    expect(await again.exited).toEqual({ code: 0, signal: null });
  }, 120_000);
});

describe('answers while shutting down', () => {
  it('reports not ready at once, then refuses late requests with UNAVAILABLE and Connection: close', async () => {
    const t = await createTestApp();
    try {
      const ws = await t.createWorkspace();
      const state = t.app.get(ShutdownState);
      const server = t.app.getHttpServer();
      state.phase = 'draining';
      const health = await request(server).get('/health');
      expect(health.status).toBe(503);
      expect(health.body.error).toEqual({ shutdown: { status: 'down', message: 'shutting down' } });
      // Still served while draining (SHUTDOWN_DELAY_MS), without keeping the connection.
      const served = await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws));
      expect(served.status).toBe(200);
      expect(served.headers.connection).toBe('close');
      state.phase = 'closing';
      const late = await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws));
      expect(late.status).toBe(503);
      expect(late.headers.connection).toBe('close');
      expect(late.headers['retry-after']).toBe('1');
      expect(late.body).toEqual({
        error: { status: 'UNAVAILABLE', message: 'The server is shutting down; retry the request' },
      });
    } finally {
      await t.close();
    }
  });
});
