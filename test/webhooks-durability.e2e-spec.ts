import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  createTestDatabase,
  dropTestDatabase,
  waitFor,
  type TestApp,
} from '@app/testing';
import { freePort } from './support/free-port';
import { valueOf } from './support/prometheus';
import { OwnRedis, redisServerBinary } from './support/own-redis';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';
import { apiKeyHeadersOf } from './support/caller-credentials';

// D11, "nothing lost, nothing doubled": a crash between an event's commit and its delivery,
// a flushed Redis in the middle of a retry, and two instances on one Postgres and Redis.

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };
const redisBin = redisServerBinary();
const onPostgres = !!process.env.DATABASE_URL;
const database = onPostgres ? 'Postgres' : 'embedded';

const webhookId = (c: ReceivedCall) => String(c.headers['webhook-id']);
const text = (c: ReceivedCall): string | undefined => {
  try {
    const body = JSON.parse(c.body);
    return body.data?.targetComment?.commentText ?? body.data?.comment?.commentText;
  } catch {
    return undefined;
  }
};

/**
 * Nothing left that could attempt a delivery: no delivery pending (due, planned or claimed).
 * Every attempt is made of a pending delivery's row, so once this holds, a call that has not
 * come will not come.
 */
async function deliveriesDone(app: TestApp): Promise<true | undefined> {
  const [{ n }] = await app.app
    .get(DataSource)
    .query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'pending'`);
  return n === 0 ? true : undefined;
}

/** Operation calls against a server in another process, as a caller makes them. */
function client(url: string) {
  return (path: string, data: unknown, headers: Record<string, string> = {}) =>
    request(url).post(path).set(headers).send({ data });
}

/** Raw and processed URLs of `receiver` for the API key, and a document to comment on. */
async function configure(
  post: ReturnType<typeof client>,
  h: Record<string, string>,
  receiver: WebhookReceiver,
): Promise<void> {
  const updated = await post(
    '/v2/workspace/webhookconfig/update',
    {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: `${receiver.url}/raw`,
        processedNotificationUrl: `${receiver.url}/processed`,
      },
    },
    h,
  );
  expect(updated.status).toBe(200);
  const added = await post(
    '/v2/organizations/documents/add',
    { ...doc, createOrganization: true, documents: [{ documentId: 'doc' }] },
    h,
  );
  expect(added.status).toBe(200);
}

const addAnnotation = (
  post: ReturnType<typeof client>,
  h: Record<string, string>,
  annotationId: string,
  commentText: string,
) =>
  post(
    '/v2/commentannotations/add',
    { ...doc, commentAnnotations: [{ annotationId, commentData: [{ commentText, from: ann }] }] },
    h,
  );

describe(`webhook delivery, nothing lost and nothing doubled (${database})`, () => {
  // (a) The built server in a process of its own, killed with SIGKILL (no shutdown hook runs)
  // while its first attempts are on the wire; a new server on the same data delivers them.
  describe('a server killed between the commit of an event and its delivery (with REDIS_URL: needs redis-server)', () => {
    let redis: OwnRedis | undefined;
    let databaseUrl: string | undefined;
    let dataDir: string | undefined;
    let receiver: WebhookReceiver;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      ensureBuilt();
      if (onPostgres) {
        databaseUrl = await createTestDatabase(process.env.DATABASE_URL!);
        if (process.env.REDIS_URL && redisBin) redis = await OwnRedis.start(redisBin);
      } else {
        dataDir = mkdtempSync(join(tmpdir(), 'webhooks-killed-'));
      }
    }, 180_000);

    afterAll(async () => {
      for (const server of servers) await server.kill();
      await receiver?.close();
      await redis?.stop();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('delivers after the restart, with the same webhook-id, once per destination', async () => {
      // Until the kill the receiver holds each call open (its 200 would come after 60 s).
      let holding = true;
      const answered: ReceivedCall[] = [];
      receiver = await WebhookReceiver.start((call) => {
        if (holding) return { status: 200, delayMs: 60_000 };
        answered.push(call);
        return 200;
      });
      const env: Record<string, string> = {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
        ...(redis && { REDIS_URL: redis.url, QUEUE_PREFIX: 'killed' }),
        SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        ADMIN_TOKEN: `adm_${randomBytes(16).toString('hex')}`,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      };
      const first = await ServerProcess.start(BUILT_MAIN, env, 60_000);
      servers.push(first);
      let post = client(first.url);
      const h = await apiKeyHeadersOf(post, env.ADMIN_TOKEN);
      await configure(post, h, receiver);
      expect((await addAnnotation(post, h, 'a1', 'in flight')).status).toBe(200);

      // Committed, matched to both destinations, each attempt on the wire and unanswered.
      const held = await waitFor(async () => {
        const calls = receiver.calls.filter((c) => text(c) === 'in flight');
        return calls.length === 2 ? calls : undefined;
      }, 20_000);
      const ids = new Map(held.map((c) => [c.path, webhookId(c)]));
      expect([...ids.keys()].sort()).toEqual(['/processed', '/raw']);
      const log = await post('/v2/workspace/webhooks/deliveries/get', {}, h);
      expect(log.body.result.data.map((d: any) => [d.deliveryId, d.status]).sort()).toEqual(
        [...ids.values()].map((id) => [id, 'pending']).sort(),
      );
      await first.kill('SIGKILL');
      holding = false;

      // The real server again, on the same data, with no help from the test.
      const restartedAt = Date.now();
      const second = await ServerProcess.start(BUILT_MAIN, env, 60_000);
      servers.push(second);
      post = client(second.url);
      const delivered = await waitFor(async () => {
        const res = await post('/v2/workspace/webhooks/deliveries/get', {}, h);
        const rows = res.body.result?.data ?? [];
        return rows.length === 2 && rows.every((d: any) => d.status === 'delivered')
          ? rows
          : undefined;
      }, 30_000);
      for (const d of delivered) {
        expect(d.attempts).toEqual([expect.objectContaining({ attempt: 1, httpStatus: 200 })]);
      }
      // The same webhook-id as the attempt the kill cut off; one answered call per destination.
      expect(answered.map((c) => [c.path, webhookId(c)]).sort()).toEqual([...ids.entries()].sort());
      // Nothing else comes: both deliveries have ended (no pending row is left to claim), and
      // the restarted server's metrics count its two attempts, both delivered.
      await waitFor(async () => {
        const res = await fetch(`${second.url}/metrics`);
        const scrape = await res.text();
        // A series is absent while it is 0.
        const value = (name: string, labels: Record<string, string>) =>
          valueOf(scrape, name, labels) ?? 0;
        const delivered = value('collab_webhook_deliveries_total', { outcome: 'delivered' });
        const other =
          value('collab_webhook_deliveries_total', { outcome: 'retry' }) +
          value('collab_webhook_deliveries_total', { outcome: 'failed' });
        return res.status === 200 && delivered === 2 && other === 0 ? true : undefined;
      }, 30_000);
      expect(answered).toHaveLength(2);
      expect(receiver.calls.filter((c) => text(c) === 'in flight')).toHaveLength(4);
      if (process.env.REPORT_RECOVERY)
        console.log(`delivered ${Date.now() - restartedAt} ms after restart`);
    }, 120_000);
  });

  // (b) Bull on a Redis of the test's own (never the shared one), flushed between two attempts.
  (onPostgres && process.env.REDIS_URL && redisBin ? describe : describe.skip)(
    'Redis flushed in the middle of a retry (needs redis-server)',
    () => {
      let redis: OwnRedis;
      let t: TestApp;
      let receiver: WebhookReceiver;
      const RETRY_SCALE = 0.6; // the second attempt comes 5 s × 0.6 = 3 s after the first

      beforeAll(async () => {
        redis = await OwnRedis.start(redisBin!);
        receiver = await WebhookReceiver.start();
        t = await createTestApp({
          config: {
            redisUrl: redis.url,
            webhookAllowPrivateTargets: true,
            webhookRetryScale: RETRY_SCALE,
          },
        });
      }, 60_000);
      afterAll(async () => {
        await t?.close();
        await receiver?.close();
        await redis?.stop();
      });

      it('resumes the schedule from the ledger: same webhook-id, on time, delivered', async () => {
        const h = t.apiKeyHeaders(await t.createWorkspace());
        await configure(t.post, h, receiver);
        let failed = 0;
        receiver.respond = (call) => (call.path === '/raw' && failed++ === 0 ? 500 : 200);
        await addAnnotation(t.post, h, 'a1', 'flushed');
        const [firstCall] = await waitFor(async () => {
          const calls = receiver.matching('/raw');
          return calls.length === 1 ? calls : undefined;
        });
        const id = webhookId(firstCall);
        const db = t.app.get(DataSource);
        // The failed attempt is recorded and the delivery's row holds its retry's time.
        const [job] = await waitFor(async () => {
          const rows = await db.query(
            `SELECT next_attempt_at AS run_after FROM webhook_deliveries
             WHERE delivery_id = $1 AND attempts = 1 AND status = 'pending'`,
            [id],
          );
          return rows.length === 1 ? rows : undefined;
        });
        const flusher = new Redis(redis.url);
        try {
          // FLUSHALL takes every queue key away: the retry must not depend on any of them.
          await flusher.flushall();
          expect(await flusher.dbsize()).toBe(0);
        } finally {
          flusher.disconnect();
        }

        const calls = await waitFor(async () => {
          const c = receiver.matching('/raw');
          return c.length === 2 ? c : undefined;
        }, 15_000);
        expect(calls.map(webhookId)).toEqual([id, id]);
        // On the planned time (from the row's next_attempt_at), not early and not a poll late.
        const planned = new Date(job.run_after).getTime();
        expect(calls[1].at).toBeGreaterThanOrEqual(planned - 50);
        expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(5000 * RETRY_SCALE - 100);
        expect(calls[1].at - planned).toBeLessThan(2000);
        const [row] = await waitFor(async () => {
          const r = await db.query(
            `SELECT status, attempts FROM webhook_deliveries WHERE delivery_id = $1`,
            [id],
          );
          return r[0]?.status === 'delivered' ? r : undefined;
        });
        expect(row).toEqual({ status: 'delivered', attempts: 2 });
        const attempts = await db.query(
          `SELECT attempt, http_status FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt`,
          [id],
        );
        expect(attempts).toEqual([
          { attempt: 1, http_status: 500 },
          { attempt: 2, http_status: 200 },
        ]);
        // No third call: the delivery has ended (settle also waits for what is due).
        await t.settle();
        await waitFor(() => deliveriesDone(t));
        expect(receiver.matching('/raw')).toHaveLength(2);
      }, 60_000);
    },
  );

  // (c) Two instances on one database and one Bull queue, writes going through both.
  (onPostgres && process.env.REDIS_URL ? describe : describe.skip)(
    'two instances on one Postgres and Redis',
    () => {
      const EVENTS = 60;
      let one: TestApp;
      let two: TestApp | undefined;
      let receiver: WebhookReceiver;

      beforeAll(async () => {
        receiver = await WebhookReceiver.start();
        const queuePrefix = `two_${randomBytes(4).toString('hex')}`;
        const config = { queuePrefix, webhookAllowPrivateTargets: true };
        one = await createTestApp({ keepDatabase: true, config });
        two = await createTestApp({ databaseUrl: one.config.databaseUrl, config });
      }, 60_000);
      afterAll(async () => {
        await two?.close();
        await one?.close();
        if (one?.config.databaseUrl) await dropTestDatabase(one.config.databaseUrl);
        await receiver?.close();
      });

      it('delivers each event once per destination', async () => {
        const ws = await one.createWorkspace();
        const h = one.apiKeyHeaders(ws);
        await configure(one.post, h, receiver);
        const apps = [one, two!];
        // Interleaved and concurrent: annotation i through instance i % 2, comments on it
        // through the other.
        await Promise.all(
          Array.from({ length: EVENTS / 2 }, async (_, i) => {
            const a = apps[i % 2];
            const b = apps[(i + 1) % 2];
            expect((await addAnnotation(a.post, h, `a${i}`, `annotation ${i}`)).status).toBe(200);
            const reply = await b.post(
              '/v2/commentannotations/comments/add',
              {
                ...doc,
                annotationId: `a${i}`,
                commentData: [{ commentText: `reply ${i}`, from: ann }],
              },
              h,
            );
            expect(reply.status).toBe(200);
          }),
        );
        const expected = EVENTS * 2; // raw and processed
        await waitFor(
          async () =>
            new Set(receiver.calls.map((c) => `${c.path} ${webhookId(c)}`)).size >= expected
              ? true
              : undefined,
          30_000,
        );
        await Promise.all([one.settle(20_000), two!.settle(20_000)]);
        // No call still to come: no delivery left pending.
        await waitFor(() => deliveriesDone(one));

        const perDelivery = new Map<string, number>();
        for (const c of receiver.calls) {
          const key = `${c.path} ${webhookId(c)}`;
          perDelivery.set(key, (perDelivery.get(key) ?? 0) + 1);
        }
        expect(perDelivery.size).toBe(expected);
        expect([...perDelivery.entries()].filter(([, n]) => n !== 1)).toEqual([]);
        // Every event's text arrived once at each destination.
        for (const path of ['/raw', '/processed']) {
          const texts = receiver.calls.filter((c) => c.path === path).map(text);
          expect(new Set(texts).size).toBe(EVENTS);
          expect(texts).toHaveLength(EVENTS);
        }
        const [counts] = await one.app.get(DataSource).query(
          `SELECT count(*)::int AS deliveries, count(*) FILTER (WHERE status = 'delivered')::int
               AS delivered, sum(attempts)::int AS attempts FROM webhook_deliveries`,
        );
        expect(counts).toEqual({ deliveries: expected, delivered: expected, attempts: expected });
      }, 90_000);
    },
  );
});
