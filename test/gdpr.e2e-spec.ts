import { DataSource } from 'typeorm';
import { JobQueue, SecretBox } from '@app/platform';
import { createTestApp, dropTestDatabase, waitFor, type TestApp } from '@app/testing';
import { openPayload } from '@app/webhooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { everyRowAsText } from './support/every-row';
import { FakeSendGrid } from './support/fake-sendgrid';
import {
  enableEmail,
  keeper,
  PLACES,
  seedEveryKind,
  victim,
  victimPhrase,
} from './support/gdpr-seed';
import { WebhookReceiver } from './support/webhook-receiver';

const DELETED = '@[deleted user]';
/** What an erased user object in an activity record becomes (its actor included). */
const ERASED = { userId: DELETED, name: DELETED };
type Activity = Record<string, any> & { id: string };
type Notification = Record<string, any> & { id: string; notificationSource: string };
interface EmailRow {
  user_id: string;
  actor_user_ids: string[];
  status: string;
  message_sealed: string | null;
}

async function startDeletion(t: TestApp, h: Record<string, string>, data: Record<string, unknown>) {
  const res = await t.post('/v2/users/data/delete', data, h);
  expect(res.status).toBe(202);
  return res;
}

async function completed(t: TestApp, h: Record<string, string>, jobId: string) {
  return waitFor(async () => {
    const res = await t.post('/v1/users/data/delete/status', { jobId }, h);
    return res.body.result?.data?.isDeleteCompleted ? res.body : undefined;
  }, 60_000);
}

/**
 * Activity records after erasure (D7.7): those the victim performed stay without who did it
 * (the immutable one too), the keeper's keep the keeper and lose the victim, the deleted one
 * stays deleted, and none is found by the victim's id.
 */
async function expectActivitiesErased(
  t: TestApp,
  h: Record<string, string>,
  organizationId: string,
  documents: string[],
) {
  const read = async (filters: Record<string, unknown>) =>
    (await t.post('/v2/activities/get', { organizationId, pageSize: 1000, ...filters }, h)).body
      .result.data as Activity[];
  expect(await read({ userId: victim.userId })).toEqual([]);
  for (const documentId of documents) {
    const byId = new Map((await read({ documentId })).map((a) => [a.id, a]));
    const id = (what: string) => `${documentId}-act-${what}`;
    expect(byId.has(id('deleted'))).toBe(false);
    const theirs = byId.get(id('by-victim'))!;
    expect(theirs).toMatchObject({
      actionType: 'comment.add',
      actionUser: ERASED,
      entityData: {},
      entityTargetData: {},
      displayMessageTemplateData: { actionUser: ERASED },
    });
    expect(byId.get(id('immutable'))).toMatchObject({ immutable: true, actionUser: ERASED });
    // The keeper's record keeps the keeper and what happened, without the victim.
    expect(byId.get(id('by-keeper'))).toMatchObject({
      actionUser: keeper,
      changes: { assignedTo: { from: keeper, to: ERASED }, status: { from: 'open', to: 'done' } },
      entityData: {
        from: keeper,
        comments: [{ commentText: `Hi ${DELETED}`, taggedUserContacts: [], reactions: [] }],
      },
      entityTargetData: { from: keeper, commentText: `Hi ${DELETED}`, taggedUserContacts: [] },
      displayMessageTemplate: `{actionUser} assigned ${DELETED} (${DELETED}, ${DELETED})`,
      displayMessageTemplateData: { actionUser: keeper, assignee: ERASED },
    });
    expect(byId.get(id('amended'))).toMatchObject({
      actionUser: keeper,
      displayMessageTemplateData: { reviewer: ERASED },
      changes: { reviewer: { to: DELETED } },
    });
    expect(byId.get(id('replaced'))).toMatchObject({
      displayMessageTemplate: 'A note for the team',
    });
  }
  // Records derived from the victim's later reply (added, edited) keep none of its text.
  const aboutReply = (await read({})).filter(
    (a) => a.targetSubEntityId === '4' && a.actionType.startsWith('comment.'),
  );
  expect(aboutReply.map((a) => a.actionType)).toEqual(
    expect.arrayContaining(['comment.add', 'comment.update']),
  );
  for (const record of aboutReply) {
    expect(record.displayMessageTemplateData).not.toHaveProperty('commentText');
    expect(record.changes ?? {}).not.toHaveProperty('commentText');
  }
  // Records derived from the keeper's comments stay, by the keeper.
  const derived = (await read({ userId: keeper.userId })).filter((a) => !a.id.includes('-act-'));
  expect(derived.length).toBeGreaterThan(0);
}

// Operations 16 and 17 (D8.2–D8.4): every kind of the user's data, across 3 organizations and 5 documents.
describe('user data deletion (GDPR)', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let receiver: WebhookReceiver;
  let sendgrid: FakeSendGrid;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    sendgrid = await FakeSendGrid.start();
    // Emails of the victim's later reply stay queued (429: tried again in 30 s, after the
    // erasure), holding their sealed message; the others are sent.
    sendgrid.answer = (r) => (JSON.stringify(r.body).includes(victimPhrase) ? 429 : 202);
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, sendgridBaseUrl: sendgrid.url },
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
    await enableEmail(t, h);
    // Webhooks on: every change is also a stored delivery whose payload names the users.
    await t.post(
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
    await seedEveryKind(t, h);
    await t.settle();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await sendgrid.close();
  });

  it('answers 202 with the job, runs it, and leaves nothing of the user anywhere', async () => {
    const rowsBefore = await everyRowAsText(t.app.get(DataSource));
    for (const word of [victim.userId, victim.name, victim.email, victimPhrase]) {
      expect(rowsBefore.some((r) => r.includes(word))).toBe(true);
    }
    // So do the notification tables, their events, and the settings streams (named by user).
    for (const table of ['notifications', 'notification_inbox', 'notification_settings']) {
      expect(rowsBefore.some((r) => r.startsWith(`${table}:`) && r.includes(victim.userId))).toBe(
        true,
      );
    }
    expect(
      rowsBefore.some(
        (r) => r.startsWith('events:') && r.includes('notifications.') && r.includes(victim.email),
      ),
    ).toBe(true);
    expect(rowsBefore.some((r) => r.startsWith('streams:') && r.includes(`${victim.userId}`))).toBe(
      true,
    );
    // So do activity records (given and derived), and their events.
    expect(rowsBefore.some((r) => r.startsWith('activities:') && r.includes(victim.name))).toBe(
      true,
    );
    expect(
      rowsBefore.some(
        (r) => r.startsWith('events:') && r.includes('activities.') && r.includes(victim.email),
      ),
    ).toBe(true);
    // The delivery log names the victim too (in its indexed user ids; payloads are sealed).
    expect(
      rowsBefore.some((r) => r.startsWith('webhook_deliveries:') && r.includes(victim.userId)),
    ).toBe(true);
    const box = t.app.get(SecretBox);
    const payloads = async () =>
      (
        await t.app
          .get(DataSource)
          .query(`SELECT sealed_payload FROM webhook_deliveries WHERE sealed_payload IS NOT NULL`)
      ).map((r: { sealed_payload: string }) => openPayload(box, r.sealed_payload));
    expect((await payloads()).some((p: string) => p.includes(victim.email))).toBe(true);
    // Emails: to the victim, telling of them (actors), and queued with a message naming them.
    const emails = async (): Promise<EmailRow[]> =>
      t.app
        .get(DataSource)
        .query(`SELECT user_id, actor_user_ids, status, message_sealed FROM email_deliveries`);
    const emailsBefore = await emails();
    expect(emailsBefore.some((e) => e.user_id === victim.userId)).toBe(true);
    expect(emailsBefore.some((e) => e.actor_user_ids.includes(victim.userId))).toBe(true);
    expect(
      emailsBefore.some(
        (e) =>
          e.status === 'queued' &&
          e.user_id === keeper.userId &&
          box.open(e.message_sealed!).includes(victim.name),
      ),
    ).toBe(true);
    expect(emailsBefore.some((e) => e.status === 'sent' && e.user_id === keeper.userId)).toBe(true);

    const res = await startDeletion(t, h, { userIds: [victim.userId] });
    expect(res.body).toEqual({
      status: 'success',
      message: 'Data deletion process has been initiated.',
      data: { jobId: expect.any(String), tasksCount: 3 * 13 },
      statusCode: 202,
    });
    const done = await completed(t, h, res.body.data.jobId);
    expect(done).toEqual({
      result: {
        status: 'success',
        message: 'Data fetched successfully.',
        data: { isDeleteCompleted: true, tasksLeft: 0, lastTaskCompletedTime: expect.any(Number) },
      },
    });

    // (a) gone from every read operation
    for (const [organizationId, documents] of PLACES) {
      for (const scope of [{}, { folderId: 'team' }]) {
        const users = await t.post('/v2/users/get', { organizationId, ...scope }, h);
        expect(users.body.result.data.map((u: { userId: string }) => u.userId)).toEqual([
          keeper.userId,
        ]);
      }
      const involving = await t.post(
        '/v2/commentannotations/get',
        { organizationId, userIds: [victim.userId] },
        h,
      );
      expect(involving.body.result.data).toEqual([]);
      for (const documentId of documents) {
        const doc = { organizationId, documentId };
        expect((await t.post('/v2/users/get', doc, h)).body.result.data).toEqual([
          { userId: keeper.userId, name: keeper.name, email: keeper.email },
        ]);
        const anns = (await t.post('/v2/commentannotations/get', { organizationId, documentId }, h))
          .body.result.data;
        // (b) the keeper's annotation stays, without the victim's reply, reaction, tag or assignment
        expect(anns.map((a: { annotationId: string }) => a.annotationId)).toEqual([
          `${documentId}-by-keeper`,
        ]);
        const [kept] = anns;
        expect(kept.assignedTo).toBeUndefined();
        expect(kept.comments).toHaveLength(2);
        expect(kept.comments[0]).toMatchObject({
          commentText: 'Hi @[deleted user] and @[deleted user], see @[deleted user]',
          commentHtml: '<p>Hi @[deleted user]</p>',
          taggedUserContacts: [],
          reactions: [],
          from: keeper,
        });
        // A mention with no tag is found and scrubbed too.
        expect(kept.comments[1]).toMatchObject({
          commentText: 'ping @[deleted user]',
          from: keeper,
        });
        const reactions = (await t.post('/v2/reactions/get', doc, h)).body.result.data;
        expect(reactions.map((r: { reactionId: string }) => r.reactionId)).toEqual([
          `${documentId}-r-keeper`,
        ]);
        const recordings = (await t.post('/v2/recordings/get', doc, h)).body.result.data;
        expect(recordings.map((r: { recordingId: string }) => r.recordingId)).toEqual([
          `${documentId}-rec-keeper`,
        ]);
        const crdt = (await t.post('/v2/crdt/get', doc, h)).body.result.data;
        expect(crdt).toEqual([
          expect.objectContaining({ id: 'keeper-editor', lastUpdatedBy: keeper.userId }),
          expect.objectContaining({ id: 'shared-editor', data: 'Shared text', lastUpdatedBy: '' }),
        ]);
        const presence = (await t.post('/v2/presence/get', doc, h)).body.result.data;
        expect(presence.map((u: { userId: string }) => u.userId)).toEqual([keeper.userId]);
        // Notifications: the one the victim made is gone; the keeper's stay, without them.
        const notes: Notification[] = (
          await t.post('/v2/notifications/get', { ...doc, pageSize: 100 }, h)
        ).body.result.data;
        const custom = notes.filter((n) => n.notificationSource === 'custom');
        expect(custom.map((n) => n.id).sort()).toEqual([
          `${documentId}-n-by-keeper`,
          `${documentId}-n-for-all`,
        ]);
        const byKeeper = custom.find((n) => n.id === `${documentId}-n-by-keeper`)!;
        expect(byKeeper).toMatchObject({
          notifyUsers: { [keeper.email]: true },
          notifyUsersByUserId: { [keeper.userId]: true },
          displayHeadlineMessageTemplateData: { actionUser: keeper, assignee: { name: DELETED } },
          displayBodyMessage: `Hi ${DELETED} (${DELETED}, ${DELETED})`,
        });
        // The annotation it copies lost the victim's reply, reaction, tag and assignment.
        expect(byKeeper.notificationSourceData).toMatchObject({
          comments: [{ commentText: `Hi ${DELETED}`, taggedUserContacts: [], reactions: [] }],
        });
        expect(byKeeper.notificationSourceData).not.toHaveProperty('assignedTo');
        const forAll = custom.find((n) => n.id === `${documentId}-n-for-all`)!;
        expect(forAll.readByUserIds).toEqual([keeper.userId]);
        // Those derived from the keeper's comments stay too (the scan below covers them).
        expect(notes.some((n) => n.notificationSource === 'comment')).toBe(true);
      }
      await expectActivitiesErased(t, h, organizationId, documents);
      // Nothing is addressed to the victim any more: only what is for everyone reaches them.
      const theirs: Notification[] = (
        await t.post(
          '/v2/notifications/get',
          { organizationId, userId: victim.userId, pageSize: 100 },
          h,
        )
      ).body.result.data;
      expect(theirs.map((n) => n.id).sort()).toEqual(documents.map((d) => `${d}-n-for-all`));
      // Their settings are gone: what is in force for them is what a user who set none gets.
      const configs = async (userId: string) =>
        (
          await t.post(
            '/v2/notifications/config/get',
            { organizationId, userId, documentIds: documents, getOrganizationConfig: true },
            h,
          )
        ).body.result.data.map((v: { config: unknown }) => v.config);
      expect(await configs(victim.userId)).toEqual(await configs('never-set-anything'));
      expect(await configs(keeper.userId)).not.toEqual(await configs('never-set-anything'));
    }

    // (c) no row of any table, the event table included, holds the user's id, name or email,
    // nor the text of their comment (copied into activity template data and changes)
    const rows = await everyRowAsText(t.app.get(DataSource));
    for (const word of [victim.userId, victim.name, victim.email, victimPhrase]) {
      expect(rows.filter((r) => r.includes(word))).toEqual([]);
    }
    // The keeper is still everywhere they were.
    expect(rows.some((r) => r.includes(keeper.email))).toBe(true);
    // Nor any stored webhook payload, opened: those naming the victim lost their payload.
    const left = await payloads();
    for (const word of [victim.userId, victim.name, victim.email]) {
      expect(left.filter((p: string) => p.includes(word))).toEqual([]);
    }
    // The log keeps its rows (when, where, status), only without what named the victim.
    const [{ n }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivered'`);
    expect(n).toBeGreaterThan(0);
    // Emails: none to the victim; those queued that told of them are not sent, their message
    // gone; the others stay in the log without them.
    const emailsAfter = await emails();
    expect(emailsAfter.filter((e) => e.user_id === victim.userId)).toEqual([]);
    expect(emailsAfter.filter((e) => e.actor_user_ids.includes(victim.userId))).toEqual([]);
    expect(emailsAfter.filter((e) => e.status === 'queued')).toEqual([]);
    const erased = emailsAfter.filter((e) => e.status === 'erased');
    expect(erased.length).toBeGreaterThan(0);
    expect(erased.every((e) => e.message_sealed === null)).toBe(true);
    expect(emailsAfter.some((e) => e.status === 'sent' && e.user_id === keeper.userId)).toBe(true);
    // Not even sealed: the job's request no longer holds the user ids, encrypted or not.
    const requests = await t.app
      .get(DataSource)
      .query(`SELECT data FROM events WHERE type = 'gdpr.deletion-requested'`);
    expect(requests.length).toBeGreaterThan(0);
    for (const { data } of requests) expect(data).not.toHaveProperty('sealedPeople');
  });

  it('answers NOT_FOUND for an unknown job, INVALID_ARGUMENT without userIds (D8.4)', async () => {
    const unknown = await t.post('/v1/users/data/delete/status', { jobId: 'nope' }, h);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ status: 'NOT_FOUND', code: 404 });
    for (const data of [{}, { userIds: [] }, { userIds: ['a'], organizationIds: 'x' }]) {
      const res = await t.post('/v2/users/data/delete', data, h);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    }
  });

  it('completes at once when the users have nothing, and narrows to organizationIds', async () => {
    const nothing = await startDeletion(t, h, { userIds: ['nobody-at-all'] });
    expect(nothing.body.data.tasksCount).toBe(0);
    const status = await t.post(
      '/v1/users/data/delete/status',
      { jobId: nothing.body.data.jobId },
      h,
    );
    expect(status.body.result.data).toEqual({
      isDeleteCompleted: true,
      tasksLeft: 0,
      lastTaskCompletedTime: null,
    });
    const narrowed = await startDeletion(t, h, {
      userIds: [keeper.userId],
      organizationIds: ['g-org-3'],
    });
    expect(narrowed.body.data.tasksCount).toBe(13);
    await completed(t, h, narrowed.body.data.jobId);
    const kept = await t.post('/v2/users/get', { organizationId: 'g-org-1' }, h);
    expect(kept.body.result.data.map((u: { userId: string }) => u.userId)).toEqual([keeper.userId]);
    expect(
      (await t.post('/v2/users/get', { organizationId: 'g-org-3' }, h)).body.result.data,
    ).toEqual([]);
    // The keeper's data outside g-org-3 is untouched; inside it, gone.
    for (const [organizationId, documentId, left] of [
      ['g-org-1', 'd1', 1],
      ['g-org-2', 'd3', 1],
      ['g-org-3', 'd5', 0],
    ] as const) {
      const doc = { organizationId, documentId };
      expect((await t.post('/v2/reactions/get', doc, h)).body.result.data).toHaveLength(left);
      expect((await t.post('/v2/recordings/get', doc, h)).body.result.data).toHaveLength(left);
    }
  });
});

describe('user data deletion across a crash', () => {
  it('completes with the right counts after the app dies mid-job and starts again on the same database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'collab-gdpr-'));
    const queuePrefix = `gdpr_restart_${process.pid}_${Date.now()}`;
    const first = await createTestApp(
      process.env.DATABASE_URL
        ? { keepDatabase: true, config: { queuePrefix } }
        : { dataDir, config: { queuePrefix } },
    );
    const storage = first.config.databaseUrl
      ? { databaseUrl: first.config.databaseUrl }
      : { dataDir };
    try {
      const h = first.apiKeyHeaders(await first.createWorkspace());
      await seedEveryKind(first, h);
      // Two tasks finish; the third does its work and dies before the queue hears of it
      // (so it runs again after the restart); every later task dies before doing anything.
      const queue = first.app.get(JobQueue);
      const real = queue.handlerOf('gdpr.deletion-task')!;
      let started = 0;
      let finished = 0;
      let crashed = 0;
      queue.handle('gdpr.deletion-task', async (job) => {
        if (started < 3) {
          started += 1;
          await real(job);
          finished += 1;
          if (finished < 3) return;
        }
        crashed += 1;
        throw new Error('process killed mid-task');
      });
      const res = await startDeletion(first, h, { userIds: [victim.userId] });
      const { jobId, tasksCount } = res.body.data;
      await waitFor(async () => (finished === 3 && crashed >= 2 ? true : undefined));
      const midway = await first.post('/v1/users/data/delete/status', { jobId }, h);
      expect(midway.body.result.data).toMatchObject({
        isDeleteCompleted: false,
        tasksLeft: tasksCount - 3,
      });
      await first.close();

      // With Redis, the queue loses everything it held: the job ledger alone brings the work back.
      let queueKeys = 0;
      if (process.env.REDIS_URL) {
        const { default: Redis } = await import('ioredis');
        const redis = new Redis(process.env.REDIS_URL);
        const keys = await redis.keys(`${queuePrefix}*`);
        queueKeys = keys.length;
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      expect(queueKeys > 0).toBe(!!process.env.REDIS_URL);

      const second = await createTestApp({
        ...storage,
        config: { queuePrefix, adminToken: first.adminToken },
      });
      try {
        const done = await completed(second, h, jobId);
        expect(done.result.data).toEqual({
          isDeleteCompleted: true,
          tasksLeft: 0,
          lastTaskCompletedTime: expect.any(Number),
        });
        expect(tasksCount).toBe(39);
        // Each task counted once, the one that ran twice included.
        const [{ count }] = await second.app
          .get(DataSource)
          .query(
            `SELECT count(*)::int AS count FROM events WHERE type = 'gdpr.deletion-task-completed'`,
          );
        expect(count).toBe(tasksCount);
        const rows = await everyRowAsText(second.app.get(DataSource));
        for (const word of [victim.userId, victim.name, victim.email, victimPhrase]) {
          expect(rows.filter((r) => r.includes(word))).toEqual([]);
        }
      } finally {
        await second.close();
      }
    } finally {
      if (storage.databaseUrl) await dropTestDatabase(storage.databaseUrl);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
