import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { createTestDatabase, dropTestDatabase, waitFor } from '@app/testing';
import { apiKeyHeadersOf } from './support/caller-credentials';
import { freePort } from './support/free-port';
import { seedEveryKind } from './support/gdpr-seed';
import { OwnRedis, redisServerBinary } from './support/own-redis';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';

const HELD_SERVER = join(process.cwd(), 'test/support/held-organization-deletion-server.mjs');
const DOOMED = 'g-org-1';
const TABLES = ['collab_records', 'documents', 'users', 'notifications', 'activities'];

// Bull on Redis is where a dead worker's job stays locked; the embedded pass has no Redis.
const redisBin = redisServerBinary();
const skipped = !process.env.DATABASE_URL
  ? 'DATABASE_URL is unset (the embedded pass runs jobs in-process, not on Redis)'
  : !redisBin && 'redis-server is not installed';
if (skipped) console.warn(`organization-deletion-killed: skipped, ${skipped}`);

function client(url: string) {
  const post = (path: string, data: unknown, headers: Record<string, string> = {}) =>
    request(url).post(path).set(headers).send({ data });
  return { post };
}

/** The deleted organization's rows left in the tables its jobs empty, and its record events. */
async function leftOf(databaseUrl: string, apiKey: string): Promise<number> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let left = 0;
    for (const table of TABLES) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE api_key = $1 AND organization_id = $2`,
        [apiKey, DOOMED],
      );
      left += rows[0].n;
    }
    const { rows } = await db.query(
      `SELECT count(*)::int AS n FROM events
       WHERE api_key = $1 AND starts_with(stream_id, 'collab-record:')
         AND split_part(stream_id, ':', 3) = $2`,
      [apiKey, DOOMED],
    );
    return left + rows[0].n;
  } finally {
    await db.end();
  }
}

const maybeDescribe = skipped ? describe.skip : describe;
maybeDescribe('a server killed (SIGKILL) in the middle of an organization deletion (D6.9)', () => {
  let redis: OwnRedis | undefined;
  let databaseUrl: string | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    ensureBuilt();
    redis = await OwnRedis.start(redisBin as string);
    databaseUrl = await createTestDatabase(process.env.DATABASE_URL!);
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await redis?.stop();
    if (databaseUrl) await dropTestDatabase(databaseUrl);
  });

  it('is finished by the restarted server from where it stopped', async () => {
    const env = {
      DATABASE_URL: databaseUrl!,
      REDIS_URL: redis!.url,
      QUEUE_PREFIX: 'org-killed',
      SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ADMIN_TOKEN: `adm_${randomBytes(16).toString('hex')}`,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      // One step removes one row: the seeded organization takes many steps.
      ORGANIZATION_DELETION_CHUNK: '1',
    };
    const first = await ServerProcess.start(HELD_SERVER, env);
    servers.push(first);
    const api = client(first.url);
    const h = await apiKeyHeadersOf(api.post, env.ADMIN_TOKEN);
    await seedEveryKind(api, h);
    const apiKey = h['x-service-api-key'];
    const seeded = await leftOf(databaseUrl!, apiKey);
    const deleted = await api.post('/v2/organizations/delete', { organizationIds: [DOOMED] }, h);
    const { deletionId } = deleted.body.result.data[DOOMED];
    const status = async () =>
      (
        await api.post(
          '/v2/organizations/delete/status/get',
          { organizationId: DOOMED, deletionId },
          h,
        )
      ).body.result?.data?.status;

    // The collaboration job has made one step (committed) and is held, locked by this worker.
    await first.waitForOutput(
      /organization deletion step done: org-delete:.*:collaboration/,
      60_000,
    );
    const left = await leftOf(databaseUrl!, apiKey);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(seeded);
    expect(await status()).toBe('in_progress');
    await first.kill('SIGKILL');

    // The real server, on the same database and Redis, with no help from the test.
    const second = await ServerProcess.start(BUILT_MAIN, env);
    servers.push(second);
    const again = client(second.url);
    const done = await waitFor(
      async () => {
        const res = await again.post(
          '/v2/organizations/delete/status/get',
          { organizationId: DOOMED, deletionId },
          h,
        );
        return res.body.result?.data?.status === 'completed' ? res.body.result.data : undefined;
      },
      90_000,
      200,
    );
    expect(done).toMatchObject({ deletionId, organizationId: DOOMED, status: 'completed' });
    expect(await leftOf(databaseUrl!, apiKey)).toBe(0);
  });
});
