import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { createTestDatabase, dropTestDatabase, waitFor } from '@app/testing';
import { freePort } from './support/free-port';
import { seedEveryKind, victim } from './support/gdpr-seed';
import { OwnRedis, redisServerBinary } from './support/own-redis';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';
import { apiKeyHeadersOf } from './support/caller-credentials';

const HELD_SERVER = join(process.cwd(), 'test/support/held-deletion-server.mjs');
const RESTART_BOUND_MS = 30_000;

// Bull on Redis is where a dead worker's job stays locked; the embedded pass has no Redis.
const redisBin = redisServerBinary();
const skipped = !process.env.DATABASE_URL
  ? 'DATABASE_URL is unset (the embedded pass runs jobs in-process, not on Redis)'
  : !redisBin && 'redis-server is not installed';
if (skipped) console.warn(`worker-killed-mid-job: skipped, ${skipped}`);

/** Operation calls against a server in another process, as a caller makes them. */
function client(url: string) {
  const post = (path: string, data: unknown, headers: Record<string, string> = {}) =>
    request(url).post(path).set(headers).send({ data });
  return { post };
}

async function completedTasks(databaseUrl: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT count(*)::int AS count FROM events WHERE type = 'gdpr.deletion-task-completed'`,
    );
    return rows[0].count;
  } finally {
    await db.end();
  }
}

const maybeDescribe = skipped ? describe.skip : describe;
maybeDescribe('a server killed (SIGKILL) in the middle of its jobs (needs redis-server)', () => {
  let redis: OwnRedis | undefined;
  let databaseUrl: string | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    redis = await OwnRedis.start(redisBin as string);
    databaseUrl = await createTestDatabase(process.env.DATABASE_URL!);
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await redis?.stop();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  });

  it('has its jobs taken back and finished by the restarted server within 30 s', async () => {
    const env = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redis!.url,
      QUEUE_PREFIX: 'killed',
      SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_TOKEN: `adm_${randomBytes(16).toString('hex')}`,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    };
    const first = await ServerProcess.start(HELD_SERVER, env);
    servers.push(first);
    const api = client(first.url);
    const h = await apiKeyHeadersOf(api.post, env.ADMIN_TOKEN);
    await seedEveryKind(api, h);
    const started = await api.post('/v2/users/data/delete', { userIds: [victim.userId] }, h);
    expect(started.status).toBe(202);
    const { jobId, tasksCount } = started.body.data;
    const status = () => api.post('/v1/users/data/delete/status', { jobId }, h);

    // Tasks are running (held) on Bull, locked by this worker, and none has finished.
    await first.waitForOutput(/deletion task started/);
    expect((await status()).body.result.data).toMatchObject({ tasksLeft: tasksCount });
    await first.kill('SIGKILL');

    // The real server, on the same database and Redis, with no help from the test.
    const restartedAt = Date.now();
    const second = await ServerProcess.start(BUILT_MAIN, env);
    servers.push(second);
    const done = await waitFor(
      async () => {
        const res = await status();
        return res.body.result?.data?.isDeleteCompleted ? res.body.result.data : undefined;
      },
      RESTART_BOUND_MS - (Date.now() - restartedAt),
      200,
    );
    expect(done).toMatchObject({ isDeleteCompleted: true, tasksLeft: 0 });
    expect(await completedTasks(databaseUrl!)).toBe(tasksCount);
    if (process.env.REPORT_RECOVERY)
      console.log(`finished ${Date.now() - restartedAt} ms after restart`);
  });
});
