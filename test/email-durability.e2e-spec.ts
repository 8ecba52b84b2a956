import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  createTestDatabase,
  dropTestDatabase,
  waitFor,
  type TestApp,
} from '@app/testing';
import { EmailDeliveries } from '../libs/email/src/delivery/email-deliveries';
import { apiKeyHeadersOf, type PostData } from './support/caller-credentials';
import { freePort } from './support/free-port';
import { OwnRedis, redisServerBinary } from './support/own-redis';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';
import { valueOf } from './support/prometheus';
import { SmtpInbox } from './support/smtp-inbox';

// D14.4, "never twice": an email whose send a kill cut off is sent after the restart, once;
// a second claim while a worker sends an email takes nothing, and it is sent once; two instances send each email once.

type Headers = Record<string, string>;

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };
const redisBin = redisServerBinary();
const onPostgres = !!process.env.DATABASE_URL;
const database = onPostgres ? 'Postgres' : 'embedded';

const expectOk = async (res: PromiseLike<{ status: number; body: any }>, what: string) => {
  const { status, body } = await res;
  expect({ what, status, error: body.error }).toEqual({ what, status: 200, error: undefined });
  return body.result?.data;
};

/** Notifications and email through `inbox` for the key, and a document to comment on. */
async function configure(post: PostData, h: Headers): Promise<void> {
  await expectOk(
    post(
      '/v2/organizations/documents/add',
      { ...doc, createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    ),
    'documents',
  );
  await expectOk(
    post('/v2/workspace/notificationconfig/update', { useNotificationService: true }, h),
    'notificationconfig',
  );
  await expectOk(
    post(
      '/v2/workspace/emailconfig/update',
      {
        useEmailService: true,
        emailServiceConfig: { type: 'default', fromEmail: 'notify@example.com' },
      },
      h,
    ),
    'emailconfig',
  );
}

/** A thread whose first comment tags Bob: one email to him. */
const mention = (post: PostData, h: Headers, annotationId: string, commentText: string) =>
  expectOk(
    post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId,
            commentData: [
              { commentText, from: ann, taggedUserContacts: [{ userId: 'bob', contact: bob }] },
            ],
          },
        ],
      },
      h,
    ),
    'commentannotations/add',
  );

const processPost =
  (url: string): PostData =>
  (path, data, headers = {}) =>
    request(url).post(path).set(headers).send({ data });

describe(`email delivery, nothing lost and nothing doubled (${database})`, () => {
  // (a) The built server in a process of its own, killed with SIGKILL after the email's commit
  // while its send waits for the relay's greeting (no message on the wire yet).
  describe('a server killed between the commit of an email and its send (with REDIS_URL: needs redis-server)', () => {
    let redis: OwnRedis | undefined;
    let databaseUrl: string | undefined;
    let dataDir: string | undefined;
    let inbox: SmtpInbox;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      ensureBuilt();
      inbox = await SmtpInbox.start();
      if (onPostgres) {
        databaseUrl = await createTestDatabase(process.env.DATABASE_URL!);
        if (process.env.REDIS_URL && redisBin) redis = await OwnRedis.start(redisBin);
      } else {
        dataDir = mkdtempSync(join(tmpdir(), 'email-killed-'));
      }
    }, 180_000);

    afterAll(async () => {
      for (const server of servers) await server.kill();
      await inbox?.close();
      await redis?.stop();
      if (databaseUrl) await dropTestDatabase(databaseUrl);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('sends it after the restart, once', async () => {
      inbox.holding = true;
      const env: Record<string, string> = {
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
        ...(redis && { REDIS_URL: redis.url, QUEUE_PREFIX: 'email_killed' }),
        SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        ADMIN_TOKEN: `adm_${randomBytes(16).toString('hex')}`,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        SMTP_URL: inbox.url,
        // The lease a cut-off send leaves: 120 s x 0.01, at least 5 s.
        EMAIL_RETRY_SCALE: '0.01',
      };
      const first = await ServerProcess.start(BUILT_MAIN, env, 60_000);
      servers.push(first);
      let post = processPost(first.url);
      const h = await apiKeyHeadersOf(post, env.ADMIN_TOKEN);
      await configure(post, h);
      await mention(post, h, 'a1', 'mk-killed in flight');
      // Committed and claimed: its send has connected and waits for the greeting.
      await waitFor(async () => (inbox.connections > 0 ? true : undefined), 20_000);
      const [planned] = await expectOk(post('/v2/workspace/email/deliveries/get', {}, h), 'log');
      expect(planned).toMatchObject({ userId: 'bob', status: 'queued', attempts: 1 });
      await first.kill('SIGKILL');
      inbox.holding = false;
      expect(inbox.mails).toHaveLength(0);

      // The real server again, on the same data, with no help from the test.
      const second = await ServerProcess.start(BUILT_MAIN, env, 60_000);
      servers.push(second);
      post = processPost(second.url);
      const [sent] = await waitFor(async () => {
        const rows = await expectOk(post('/v2/workspace/email/deliveries/get', {}, h), 'log');
        return rows[0]?.status === 'sent' ? rows : undefined;
      }, 30_000);
      // The cut-off claim and the send after the restart; a sent row is never claimed again.
      expect(sent).toMatchObject({ id: planned.id, status: 'sent', attempts: 2 });
      expect(inbox.mails.map((m) => [m.to, m.text.includes('mk-killed')])).toEqual([
        [[bob.email], true],
      ]);
      // The restarted server sent it, once, and nothing else (a series is absent while 0).
      const scrape = await (await fetch(`${second.url}/metrics`)).text();
      const sends = (outcome: string) =>
        valueOf(scrape, 'collab_email_sends_total', { outcome }) ?? 0;
      expect([sends('sent'), sends('retry'), sends('failed')]).toEqual([1, 0, 0]);
    }, 150_000);
  });

  // (b) One app: a claim while the worker sends an email (a second worker's) takes nothing.
  describe('a second claim of an email in flight', () => {
    let t: TestApp;
    let inbox: SmtpInbox;

    beforeAll(async () => {
      inbox = await SmtpInbox.start();
      t = await createTestApp({ config: { smtpUrl: inbox.url, emailRetryScale: 0.001 } });
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await inbox?.close();
    });

    it('sends it once: the lease, renewed while it sends, keeps it from other claims', async () => {
      const h = t.apiKeyHeaders(await t.createWorkspace());
      await configure(t.post, h);
      inbox.holding = true;
      await mention(t.post, h, 'a1', 'mk-twice');
      await waitFor(async () => (inbox.connections > 0 ? true : undefined), 20_000);
      const claim = () => t.app.get(EmailDeliveries).claimDue(100, 5_000);
      // The worker holds the lease: claims at once, as another worker's, take nothing.
      expect(await Promise.all([claim(), claim()])).toEqual([[], []]);
      // The send outlasts its first lease (5 s here): renewed, it still keeps the claim away.
      const db = t.app.get(DataSource);
      const [{ until }] = await db.query(
        `SELECT claimed_until AS until FROM email_deliveries WHERE api_key = $1`,
        [h['x-service-api-key']],
      );
      await waitFor(async () => {
        const [row] = await db.query(
          `SELECT now() > $2::timestamptz AND claimed_until > now() AS renewed
           FROM email_deliveries WHERE api_key = $1`,
          [h['x-service-api-key'], until],
        );
        return row.renewed ? true : undefined;
      }, 15_000);
      expect(await claim()).toEqual([]);
      expect(inbox.mails).toHaveLength(0);
      inbox.release();
      await t.settle(20_000);
      expect(inbox.mails.filter((m) => m.text.includes('mk-twice'))).toHaveLength(1);
      // Sent: a claim that comes now takes nothing.
      expect(await claim()).toEqual([]);
      const rows = await t.app
        .get(DataSource)
        .query(`SELECT status, attempts, sending FROM email_deliveries WHERE api_key = $1`, [
          h['x-service-api-key'],
        ]);
      expect(rows).toEqual([{ status: 'sent', attempts: 1, sending: false }]);
      expect(inbox.mails.filter((m) => m.text.includes('mk-twice'))).toHaveLength(1);
    }, 60_000);
  });

  // (c) Two instances on one database and one Bull queue, writes going through both.
  (onPostgres && process.env.REDIS_URL ? describe : describe.skip)(
    'two instances on one Postgres and Redis',
    () => {
      const MENTIONS = 40;
      let one: TestApp;
      let two: TestApp | undefined;
      let inbox: SmtpInbox;

      beforeAll(async () => {
        inbox = await SmtpInbox.start();
        const config = {
          queuePrefix: `email_two_${randomBytes(4).toString('hex')}`,
          smtpUrl: inbox.url,
        };
        one = await createTestApp({ keepDatabase: true, config });
        two = await createTestApp({ databaseUrl: one.config.databaseUrl, config });
      }, 60_000);
      afterAll(async () => {
        await two?.close();
        await one?.close();
        if (one?.config.databaseUrl) await dropTestDatabase(one.config.databaseUrl);
        await inbox?.close();
      });

      it('sends each email once', async () => {
        const h = one.apiKeyHeaders(await one.createWorkspace());
        await configure(one.post, h);
        const apps = [one, two!];
        await Promise.all(
          Array.from({ length: MENTIONS }, (_, i) =>
            mention(apps[i % 2].post, h, `a${i}`, `mk-two-${i}-end`),
          ),
        );
        await waitFor(async () => (inbox.mails.length >= MENTIONS ? true : undefined), 30_000);
        await Promise.all([one.settle(20_000), two!.settle(20_000)]);
        const markers = inbox.mails.map((m) => /mk-two-\d+-end/.exec(m.text)?.[0]);
        expect(new Set(markers).size).toBe(MENTIONS);
        expect(markers).toHaveLength(MENTIONS);
        const [counts] = await one.app.get(DataSource).query(
          `SELECT count(*)::int AS emails, count(*) FILTER (WHERE status = 'sent')::int AS sent,
             sum(attempts)::int AS attempts FROM email_deliveries WHERE api_key = $1`,
          [h['x-service-api-key']],
        );
        expect(counts).toEqual({ emails: MENTIONS, sent: MENTIONS, attempts: MENTIONS });
      }, 90_000);
    },
  );
});
