import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ShutdownState } from '@app/platform';
import { createTestApp, createTestDatabase, dropTestDatabase, waitFor } from '@app/testing';
import { freePort } from './support/free-port';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';
import { apiKeyHeadersOf } from './support/caller-credentials';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Organizations of the request in flight when the signal comes. */
const SLOW_IDS = Array.from({ length: 100 }, (_, i) => `slow-${i}`);

/** The x-request-id of the slow request: the server logs it when the request begins. */
const SLOW_REQUEST_ID = 'slow-upload';

/**
 * organizations/add of `ids` on a connection of its own, its body sent in two halves: the
 * second when `finish` is called, so the request is in flight (begun, not complete) meanwhile.
 */
function slowUpload(url: string, headers: Record<string, string>, ids: string[]) {
  const body = JSON.stringify({
    data: { organizations: ids.map((id) => ({ organizationId: id, organizationName: 'Slow' })) },
  });
  const half = Math.floor(body.length / 2);
  const req = httpRequest(`${url}/v1/organizations/add`, {
    method: 'POST',
    agent: false,
    headers: {
      ...headers,
      'x-request-id': SLOW_REQUEST_ID,
      'content-type': 'application/json',
      'content-length': body.length,
    },
  });
  const done = new Promise<{ status: number; at: number }>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, at: Date.now() }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, half));
  return { done, finish: () => req.end(body.slice(half)) };
}

/**
 * organizations/add of `id` on a raw connection of its own: only its first bytes before
 * `finish`, so the connection is not idle (the shutdown keeps it) but the request has not
 * reached the server's handlers: finished after the signal, it is a late request.
 */
function lateWrite(url: string, headers: Record<string, string>, id: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({
    data: { organizations: [{ organizationId: id, organizationName: 'Late' }] },
  });
  const request = [
    'POST /v1/organizations/add HTTP/1.1',
    `host: ${hostname}:${port}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  const done = new Promise<Omit<Answer, 'id' | 'afterSignal'>>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    // Answered with Connection: close, so the whole answer is what came before the end.
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = text.slice(0, split).split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(
          lines.map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
          }),
        ),
        body: parsed(text.slice(split + 4)),
      });
    });
  });
  socket.write(request.slice(0, 10));
  return { done, finish: () => socket.write(`${request.slice(10)}\r\n\r\n${body}`) };
}

/** A caller of a server in another process, over keep-alive connections (fetch's default). */
function client(url: string) {
  return async (path: string, data: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ data }),
    });
    return {
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: parsed(await res.text()),
    };
  };
}

/** A body as JSON, or as the text it is when it is not JSON (then no envelope matches it). */
function parsed(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An answer a writer got: to the write of organization `id`. */
interface Answer {
  id: string;
  afterSignal: boolean;
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** What a refused write must be: the answer a late request gets while shutting down. */
const SHUTTING_DOWN_REFUSAL = {
  afterSignal: true,
  status: 503,
  connection: 'close',
  retryAfter: '1',
  body: {
    error: { status: 'UNAVAILABLE', message: 'The server is shutting down; retry the request' },
  },
};
const refusalView = (a: Answer) => ({
  afterSignal: a.afterSignal,
  status: a.status,
  connection: a.headers.connection,
  retryAfter: a.headers['retry-after'],
  body: a.body,
});
/** The failures of a connection the server closed (fetch's cause codes), nothing else. */
const CONNECTION_LOST = /^(ECONNREFUSED|ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/;

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
      LOG_LEVEL: 'debug', // a request's arrival is logged at debug level
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

    // A stream of small writes from 8 callers, until the server stops answering. Every answer
    // is kept and judged after the run: an expect here would only stop one writer.
    const answers: Answer[] = [];
    const connectionErrors: { id: string; afterSignal: boolean; code: string }[] = [];
    let signalledAt = 0;
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const id = `w${w}-${i}`;
        let res: Awaited<ReturnType<typeof post>>;
        try {
          res = await post(
            '/v1/organizations/add',
            { organizations: [{ organizationId: id, organizationName: 'W' }] },
            headers,
          );
        } catch (err) {
          // The listener is closed: connection refused or reset. Judged below.
          const cause = (err as { cause?: { code?: string } }).cause;
          connectionErrors.push({ id, afterSignal: signalledAt > 0, code: String(cause?.code) });
          return;
        }
        answers.push({ id, afterSignal: signalledAt > 0, ...res });
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // A slow request: its body half sent when the signal comes, the rest later; and a late one,
    // begun but not sent. The signal waits until the server has begun the slow one.
    const late = lateWrite(server.url, headers, 'late');
    const slow = slowUpload(server.url, headers, SLOW_IDS);
    await waitFor(async () => server.log.includes(`"reqId":"${SLOW_REQUEST_ID}"`) || undefined);
    signalledAt = Date.now();
    server.signal('SIGTERM');
    // Both finished 300 ms after the signal, and not before the server has taken it (a loaded
    // server may read them first).
    await Promise.all([
      new Promise((resolve) => setTimeout(resolve, 300)),
      waitFor(async () => server.log.includes('"msg":"shutting down"') || undefined),
    ]);
    slow.finish();
    late.finish();
    const exit = await server.exited;
    const shutdownMs = Date.now() - signalledAt;
    stop = true;
    await Promise.all(writers);
    const slowDone = await slow.done;
    // The late request is one more write, begun before the signal and refused: so the
    // refusals judged below are never none.
    answers.push({ id: 'late', afterSignal: true, ...(await late.done) });

    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.log).toMatch(/shutdown complete/);
    // The request in flight at the signal was finished and answered.
    expect(slowDone.status).toBe(200);
    expect(slowDone.at).toBeGreaterThan(signalledAt + 250);

    // Every answer is an acknowledged write, or, once the signal came, the shutting-down refusal
    // (as a late request gets it); a writer may only lose its connection after the signal.
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map(refusalView)).toEqual(refused.map(() => SHUTTING_DOWN_REFUSAL));
    expect(refused.map((a) => a.id)).toContain('late');
    const served = answers.filter((a) => a.status === 200);
    expect(served.map((a) => ({ id: a.id, result: a.body?.result?.data?.[a.id] }))).toEqual(
      served.map((a) => ({ id: a.id, result: expect.objectContaining({ success: true }) })),
    );
    expect(connectionErrors).toEqual(
      connectionErrors.map((e) => ({
        ...e,
        afterSignal: true,
        code: expect.stringMatching(CONNECTION_LOST),
      })),
    );
    const acknowledged = served.map((a) => a.id);
    expect(acknowledged.length).toBeGreaterThan(20);

    // On the same data, every acknowledged write is there.
    const again = await start();
    const read = client(again.url);
    expect(await missing(read, headers, [...acknowledged, ...SLOW_IDS])).toEqual([]);
    const closedMs = /"http server closed","ms":(\d+)/.exec(server.log)?.[1];
    console.log(
      `graceful-shutdown: ${acknowledged.length} small writes acknowledged, ${refused.length} refused during the drain, ${connectionErrors.length} writers cut off after the signal, 100 in a request in flight; requests drained after ${closedMs} ms, exit 0 after ${shutdownMs} ms`,
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
