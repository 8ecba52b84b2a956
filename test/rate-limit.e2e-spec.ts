import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import request from 'supertest';
import { createTestApp, dropTestDatabase, type TestApp } from '@app/testing';
import { OwnRedis, redisServerBinary } from './support/own-redis';

// D5.6 with a small limit: bursts of 5 in a second, 2 per second over 10 s (20 per window).
const LIMITS = { rateLimitRps: 2, rateLimitBurst: 5 };
const BURST = 5;

/** A key nobody has: answered 401 by the auth guard, after the rate limit counted it. */
const madeUpKey = () => ({
  'x-service-api-key': `key_${randomBytes(8).toString('hex')}`,
  'x-service-auth-token': 'nope',
});

function expectHeaders(res: request.Response) {
  expect(res.headers['ratelimit-limit']).toMatch(/^\d+$/);
  expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
  expect(res.headers['ratelimit-reset']).toMatch(/^\d+$/);
  expect(res.headers['ratelimit-policy']).toBe('5;w=1, 20;w=10');
}

describe('rate limits (D5.6)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: LIMITS });
  });
  afterAll(() => t.close());

  it('puts RateLimit headers on every answer of a limited route, errors included', async () => {
    const ws = await t.createWorkspace();
    const ok = await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws));
    expect(ok.status).toBe(200);
    expectHeaders(ok);
    expect(ok.headers['ratelimit-limit']).toBe(String(BURST));
    expect(ok.headers['ratelimit-remaining']).toBe(String(BURST - 1));
    const invalid = await t.post(
      '/v1/organizations/add',
      { organizations: [] },
      t.apiKeyHeaders(ws),
    );
    expect(invalid.status).toBe(400);
    expectHeaders(invalid);
    expect(invalid.headers['ratelimit-remaining']).toBe(String(BURST - 2));
    const unauthenticated = await t.post('/v2/organizations/get', {}, madeUpKey());
    expect(unauthenticated.status).toBe(401);
    expectHeaders(unauthenticated);
  });

  it('answers RESOURCE_EXHAUSTED (429) with Retry-After past the burst, for that key only', async () => {
    const ws = await t.createWorkspace();
    const other = await t.createApiKey(ws);
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < BURST + 2; i++) {
      const res = await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws));
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.slice(0, BURST)).toEqual(Array(BURST).fill(200));
    expect(statuses.slice(BURST)).toEqual([429, 429]);
    expect(refused!.body).toEqual({
      error: {
        status: 'RESOURCE_EXHAUSTED',
        message: expect.stringMatching(
          /^Rate limit exceeded: 5 requests per 1 s; retry after 1 s$/,
        ),
        details: { retryAfterSeconds: 1 },
      },
    });
    expect(refused!.headers['retry-after']).toBe('1');
    expect(refused!.headers['ratelimit-remaining']).toBe('0');
    expectHeaders(refused!);
    // Another key of the same workspace has its own allowance.
    const fine = await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(other));
    expect(fine.status).toBe(200);
    expect(fine.headers['ratelimit-remaining']).toBe(String(BURST - 1));
    // And once the second is over, the key may go on.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws))).status).toBe(200);
  });

  it('holds the sustained rate over 10 s beyond the bursts', async () => {
    const key = madeUpKey();
    const statuses: number[] = [];
    // 4 bursts of 5 fill the 20 of the 10 s window; the 21st is refused though its second is fresh.
    for (let burst = 0; burst < 5; burst++) {
      for (let i = 0; i < BURST; i++) {
        statuses.push((await t.post('/v2/organizations/get', {}, key)).status);
      }
      await new Promise((resolve) => setTimeout(resolve, 1050));
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  }, 30_000);

  it('leaves /health and /metrics out', async () => {
    const server = t.app.getHttpServer();
    for (let i = 0; i < BURST + 3; i++) {
      const health = await request(server).get('/health');
      expect(health.status).toBe(200);
      expect(health.headers['ratelimit-limit']).toBeUndefined();
      expect((await request(server).get('/metrics')).status).toBe(200);
    }
  });

  it('counts refusals in the metrics', async () => {
    const res = await request(t.app.getHttpServer()).get('/metrics');
    expect(res.text).toMatch(/^collab_rate_limit_exceeded_total\{policy="burst"\} [1-9]/m);
    expect(res.text).toMatch(/^collab_rate_limit_exceeded_total\{policy="sustained"\} [1-9]/m);
  });
});

(process.env.REDIS_URL ? describe : describe.skip)('rate limits on Redis', () => {
  it('holds across two instances sharing Redis', async () => {
    const shared = { ...LIMITS, queuePrefix: `test_rl_${randomBytes(4).toString('hex')}` };
    const a = await createTestApp({ config: shared, keepDatabase: true });
    const b = await createTestApp({
      config: shared,
      ...(a.config.databaseUrl && { databaseUrl: a.config.databaseUrl }),
    });
    try {
      const key = madeUpKey();
      const statuses: number[] = [];
      for (let i = 0; i < BURST + 1; i++) {
        const app = i % 2 === 0 ? a : b;
        statuses.push((await app.post('/v2/organizations/get', {}, key)).status);
      }
      expect(statuses).toEqual([...Array(BURST).fill(401), 429]);
    } finally {
      await b.close();
      await a.close();
      if (a.config.databaseUrl) await dropTestDatabase(a.config.databaseUrl);
    }
  });
});

const redisBin = redisServerBinary();
const withRedisServer = redisBin ? describe : describe.skip;
withRedisServer('rate limits while Redis does not answer (needs redis-server)', () => {
  let redis: OwnRedis;
  let t: TestApp;
  beforeAll(async () => {
    redis = await OwnRedis.start(redisBin!);
    t = await createTestApp({ config: { ...LIMITS, redisUrl: redis.url } });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('lets requests through at once (fail open), with a metric, never a 500', async () => {
    const ws = await t.createWorkspace();
    // Redis answers nobody for 3 s (as a hung or overloaded one would), then comes back.
    const admin = new Redis(redis.url);
    try {
      await admin.call('CLIENT', 'PAUSE', '3000', 'ALL');
      const started = Date.now();
      const statuses: number[] = [];
      for (let i = 0; i < BURST + 3; i++) {
        statuses.push((await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws))).status);
      }
      const took = Date.now() - started;
      expect(statuses).toEqual(Array(BURST + 3).fill(200));
      const res = await request(t.app.getHttpServer()).get('/metrics');
      expect(res.text).toMatch(/^collab_rate_limit_storage_errors_total [1-9]/m);
      // Redis runs what it was sent once the pause ends. Each call of the burst (one request,
      // one hit) that passed the 1 s window counted in the API key's 10 s window (this app's
      // only API key; the workspace was made under the admin and workspace credentials). One
      // command timed out, then no call went to Redis for a second: at most one call per
      // second the burst took. A call per request would count up to 5 (the 1 s window's limit).
      await new Promise((resolve) => setTimeout(resolve, started + 4_500 - Date.now()));
      const counters = await admin.keys('*:ratelimit:{key:*}:sustained');
      const calls = (await Promise.all(counters.map((k) => admin.get(k)))).reduce(
        (sum, n) => sum + Number(n),
        0,
      );
      expect(calls).toBeGreaterThanOrEqual(1);
      expect(calls).toBeLessThanOrEqual(1 + Math.floor(took / 1000));
    } finally {
      admin.disconnect();
    }
    // Back in service: the limit applies again (after the window of the command that timed
    // out, which Redis ran when the pause ended).
    const after: number[] = [];
    for (let i = 0; i < BURST + 1; i++) {
      after.push((await t.post('/v2/organizations/get', {}, t.apiKeyHeaders(ws))).status);
    }
    expect(after).toEqual([...Array(BURST).fill(200), 429]);
  }, 30_000);
});
