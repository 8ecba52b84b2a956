import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { SubscriptionRunner } from '@app/event-store';
import { JobQueue } from '@app/platform';
import {
  createTestApp,
  dropTestDatabase,
  waitFor,
  type TestApp,
  type TestAppOptions,
} from '@app/testing';

type View = Record<string, any> & { id: string; timestamp: number };
type Headers = Record<string, string>;

const SUBSCRIPTION = 'notifications.derived';
/** Delays and windows run at a tenth of their time: 60 s is 6 s here. */
const SCALE = 0.1;

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const carl = { userId: 'carl', name: 'Carl Diaz', email: 'carl@example.com' };
const dave = { userId: 'dave', name: 'Dave Kim' };
const erin = { userId: 'erin', email: 'erin@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };

const tag = (user: { userId: string }) => ({ userId: user.userId, contact: user });
const comment = (from: object, commentText: string, tagged: { userId: string }[] = []) => ({
  from,
  commentText,
  taggedUserContacts: tagged.map(tag),
});
const users = (view: View) => Object.keys(view.notifyUsersByUserId).sort();
const apiKeyOf = (h: Headers) => h['x-service-api-key'];

/** The same embedded directory, or the same Postgres database, for a second app. */
async function sameStorage(): Promise<{ options: TestAppOptions; cleanup(): Promise<void> }> {
  const config = {
    queuePrefix: `derived_${process.pid}_${Date.now()}`,
    notificationDelayScale: SCALE,
  };
  if (!process.env.DATABASE_URL) {
    const dataDir = mkdtempSync(join(tmpdir(), 'collab-derived-'));
    return {
      options: { dataDir, config },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const first = await createTestApp({ keepDatabase: true });
  const databaseUrl = first.config.databaseUrl!;
  await first.close();
  return { options: { databaseUrl, config }, cleanup: () => dropTestDatabase(databaseUrl) };
}

/** Calls against one app, for one API key at a time. */
function client(t: TestApp) {
  const ok = async (path: string, data: unknown, h: Headers) => {
    const res = await t.post(path, data, h);
    expect({ path, status: res.status, error: res.body.error }).toEqual({
      path,
      status: 200,
      error: undefined,
    });
    return res.body.result.data;
  };
  const db = () => t.app.get(DataSource);
  return {
    ok,
    /** A fresh API key with documents `doc` and `doc2` and the service on as `config` says. */
    async key(config: Record<string, unknown> = {}, on = true): Promise<Headers> {
      const h = t.apiKeyHeaders(await t.createWorkspace());
      await ok(
        '/v2/organizations/documents/add',
        {
          organizationId: 'org',
          createOrganization: true,
          documents: [{ documentId: 'doc' }, { documentId: 'doc2' }],
        },
        h,
      );
      await ok(
        '/v2/workspace/notificationconfig/update',
        { useNotificationService: on, notificationServiceConfig: config },
        h,
      );
      return h;
    },
    thread: (h: Headers, annotationId: string, first: object, extra: object = {}) =>
      ok(
        '/v2/commentannotations/add',
        { ...doc, commentAnnotations: [{ annotationId, commentData: [first], ...extra }] },
        h,
      ),
    reply: (h: Headers, annotationId: string, ...commentData: object[]) =>
      ok('/v2/commentannotations/comments/add', { ...doc, annotationId, commentData }, h),
    /** Every notification of the document, oldest first, as operation 22 shows them. */
    async shown(h: Headers, documentId = 'doc'): Promise<View[]> {
      return ok(
        '/v2/notifications/get',
        { organizationId: 'org', documentId, order: 'asc', pageSize: 100 },
        h,
      );
    },
    async inbox(h: Headers, userId: string): Promise<View[]> {
      return ok('/v2/notifications/get', { organizationId: 'org', userId, order: 'asc' }, h);
    },
    /** Every stored notification of the key, held ones too, oldest first. */
    async stored(h: Headers): Promise<{ id: string; held: boolean; record: any }[]> {
      const rows: { notification_id: string; held_until: string | null; record: any }[] =
        await db().query(
          `SELECT notification_id, held_until, record FROM notifications
           WHERE api_key = $1 ORDER BY ts, notification_id`,
          [apiKeyOf(h)],
        );
      return rows.map((r) => ({
        id: r.notification_id,
        held: r.held_until !== null,
        record: typeof r.record === 'string' ? JSON.parse(r.record) : r.record,
      }));
    },
    /**
     * Until this subscriber has handled every event committed so far, jobs left alone (a held
     * notification stays held). On Postgres a pass reads only below the oldest open
     * transaction: one may have to wait for the next.
     */
    caughtUp: () =>
      waitFor(async () => {
        const runner = t.app.get(SubscriptionRunner);
        await runner.drain();
        return (await runner.isCaughtUp(SUBSCRIPTION)) || undefined;
      }),
  };
}

describe('derived notifications (D9.7, D9.8, D10.3)', () => {
  let t: TestApp;
  let c: ReturnType<typeof client>;

  beforeAll(async () => {
    t = await createTestApp({ config: { notificationDelayScale: SCALE } });
    c = client(t);
  });
  afterAll(() => t?.close());

  it('makes none while the service is off, whatever its triggers say', async () => {
    const h = await c.key({ triggers: { comment: { 'comment_annotation.add': true } } }, false);
    await c.thread(h, 'a1', comment(ann, 'Hi', [bob]));
    await t.settle();
    expect(await t.app.get(SubscriptionRunner).isCaughtUp(SUBSCRIPTION)).toBe(true);
    expect(await c.stored(h)).toEqual([]);
  });

  it('makes one per comment change, with the hosted fields, to recipientsOf, never the actor', async () => {
    const h = await c.key();
    await c.thread(h, 'a1', comment(ann, 'Hi {{bob}}', [bob]), {
      location: { id: 'loc-1', locationName: 'Page 1' },
    });
    await c.reply(h, 'a1', comment(bob, 'Thanks'));
    await c.ok(
      '/v2/commentannotations/update',
      { ...doc, annotationIds: ['a1'], updatedData: { status: { id: 'DONE', name: 'Done' } } },
      h,
    );
    await c.ok(
      '/v2/commentannotations/update',
      { ...doc, annotationIds: ['a1'], updatedData: { assignedTo: carl } },
      h,
    );
    await c.ok(
      '/v2/commentannotations/reactions/add',
      { ...doc, annotationId: 'a1', commentId: 1, icon: 'HEART', user: carl },
      h,
    );
    await t.settle();
    const shown = await c.shown(h);
    expect(shown.map((n) => n.actionType)).toEqual([
      'comment_annotation.add',
      'comment.add',
      'comment_annotation.status_change',
      'comment_annotation.assign',
      'comment.reaction_add',
    ]);
    const [added, reply, status, assign, reaction] = shown;
    expect(added.id).toMatch(/^comment_[A-Za-z0-9_-]+$/);
    expect(added).toMatchObject({
      notificationSource: 'comment',
      actionUser: ann,
      targetAnnotationId: 'a1',
      displayHeadlineMessageTemplate: '{actionUser} mentioned {mentioned} in a new thread',
      displayHeadlineMessageTemplateData: {
        actionUser: ann,
        commentText: 'Hi @Bob Jones',
        mentioned: 'Bob Jones',
      },
      displayBodyMessage: 'Hi @Bob Jones',
      notifyAll: false,
      notifyUsers: { 'bob@example.com': true },
      notifyUsersByUserId: { bob: true },
      notificationSourceData: { annotationId: 'a1', comments: [{ commentText: 'Hi {{bob}}' }] },
      metadata: {
        organizationId: 'org',
        documentId: 'doc',
        locationId: 'loc-1',
        location: { id: 'loc-1', locationName: 'Page 1' },
      },
    });
    expect(added.notificationSourceData.comments).toHaveLength(1);
    expect(reply).toMatchObject({
      actionUser: bob,
      displayHeadlineMessageTemplate: '{actionUser} replied to a thread',
      displayBodyMessage: 'Thanks',
      notifyUsers: { 'ann@example.com': true },
      notifyUsersByUserId: { ann: true },
    });
    // The annotation after the change: both comments.
    expect(reply.notificationSourceData.comments).toHaveLength(2);
    // The event does not say who changed the status: everyone involved hears of it.
    expect(status).toMatchObject({
      displayHeadlineMessageTemplate: 'Someone changed the status to {status}',
      displayHeadlineMessageTemplateData: { status: 'Done' },
      displayBodyMessage: 'Status: Done',
    });
    expect(users(status)).toEqual(['ann', 'bob']);
    expect(assign.displayHeadlineMessageTemplateData).toEqual({ assignee: 'Carl Diaz' });
    expect(users(assign)).toEqual(['ann', 'bob', 'carl']);
    // Carl reacted: the comment's tagged user and the participants, not Carl.
    expect(reaction).toMatchObject({
      actionUser: carl,
      displayHeadlineMessageTemplateData: { reaction: 'HEART', commentText: 'Hi @Bob Jones' },
    });
    expect(users(reaction)).toEqual(['ann', 'bob']);
    // In the inbox of each recipient, not of the actor.
    expect((await c.inbox(h, 'bob')).map((n) => n.id)).toEqual([
      added.id,
      status.id,
      assign.id,
      reaction.id,
    ]);
    expect((await c.inbox(h, 'carl')).map((n) => n.id)).toEqual([assign.id]);
  });

  it('makes none for an action whose trigger is off', async () => {
    const h = await c.key({ triggers: { comment: { 'comment.add': false } } });
    await c.thread(h, 'a1', comment(ann, 'Hi', [bob]));
    await c.reply(h, 'a1', comment(bob, 'Hello'));
    await t.settle();
    expect((await c.stored(h)).map((n) => n.record.actionType)).toEqual(['comment_annotation.add']);
  });

  it('makes none for a comment written with triggerNotification: false, which it keeps (D10.3)', async () => {
    const h = await c.key();
    await c.thread(h, 'a1', { ...comment(ann, 'Quiet', [bob]), triggerNotification: false });
    await c.reply(h, 'a1', comment(bob, 'Loud'), {
      ...comment(bob, 'Quiet reply', [carl]),
      triggerNotification: false,
    });
    await c.ok(
      '/v2/commentannotations/comments/update',
      { ...doc, annotationId: 'a1', commentIds: [1], updatedData: { commentText: 'Still quiet' } },
      h,
    );
    await t.settle();
    const stored = await c.stored(h);
    expect(stored.map((n) => [n.record.actionType, n.record.displayBodyMessage])).toEqual([
      ['comment.add', 'Loud'],
    ]);
    const [annotation] = await c.ok(
      '/v2/commentannotations/get',
      { organizationId: 'org', annotationIds: ['a1'] },
      h,
    );
    expect(annotation.comments.map((x: any) => x.triggerNotification)).toEqual([
      false,
      undefined,
      false,
    ]);
  });

  it('honours inbox settings: NONE gets none, MINE and ALL get it, ALL adds no one', async () => {
    const h = await c.key();
    await c.ok(
      '/v2/notifications/config/set',
      { organizationId: 'org', userIds: ['bob', 'erin'], config: { inbox: 'NONE' } },
      h,
    );
    await c.ok(
      '/v2/notifications/config/set',
      { organizationId: 'org', userIds: ['carl'], documentIds: ['doc'], config: { inbox: 'MINE' } },
      h,
    );
    // Document level over organization level: Erin's ALL on this document wins.
    await c.ok(
      '/v2/notifications/config/set',
      {
        organizationId: 'org',
        userIds: ['dave', 'erin'],
        documentIds: ['doc'],
        config: { inbox: 'ALL' },
      },
      h,
    );
    await c.thread(h, 'a1', comment(ann, 'Look', [bob, carl, dave]));
    await t.settle();
    const [made] = await c.shown(h);
    // Erin, ALL on the document but not involved in the thread, is not added.
    expect(users(made)).toEqual(['carl', 'dave']);
    expect(made.notifyUsers).toEqual({ 'carl@example.com': true, dave: true });
    await c.thread(h, 'a2', comment(ann, 'Look too', [erin]));
    await t.settle();
    const second = (await c.shown(h)).find((n) => n.targetAnnotationId === 'a2');
    expect(second && users(second)).toEqual(['erin']);
    expect((await c.stored(h)).length).toBe(2);
  });

  it('changes nothing when events are handled again (checkpoint moved back)', async () => {
    const h = await c.key();
    const dataSource = t.app.get(DataSource);
    await t.settle();
    const [mark] = await dataSource.query(
      `SELECT position, transaction_id::text AS tx FROM checkpoints WHERE subscription_id = $1`,
      [SUBSCRIPTION],
    );
    await c.thread(h, 'a1', comment(ann, 'One', [bob]));
    await c.reply(h, 'a1', comment(bob, 'Two'));
    await t.settle();
    const before = await c.stored(h);
    expect(before).toHaveLength(2);
    const events = async () =>
      (
        await dataSource.query(
          `SELECT count(*)::int AS n FROM events WHERE stream_id LIKE 'notification:%' AND api_key = $1`,
          [apiKeyOf(h)],
        )
      )[0].n;
    const appended = await events();
    await dataSource.query(
      `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8 WHERE subscription_id = $1`,
      [SUBSCRIPTION, mark.position, mark.tx],
    );
    expect(await t.app.get(SubscriptionRunner).isCaughtUp(SUBSCRIPTION)).toBe(false);
    await t.settle();
    expect(await t.app.get(SubscriptionRunner).isCaughtUp(SUBSCRIPTION)).toBe(true);
    expect(await c.stored(h)).toEqual(before);
    expect(await events()).toBe(appended);
  });

  it('a change derived after its document migrated lands on the new id (D6.7)', async () => {
    // The derived subscriber lags behind the migration: the change is read again only after
    // the document moved (the switch is on only when it is read again).
    const h = await c.key({}, false);
    const dataSource = t.app.get(DataSource);
    await t.settle();
    const [mark] = await dataSource.query(
      `SELECT position, transaction_id::text AS tx FROM checkpoints WHERE subscription_id = $1`,
      [SUBSCRIPTION],
    );
    await c.thread(h, 'a1', comment(ann, 'Before the move', [bob]));
    const { migrationId } = await c.ok(
      '/v2/organizations/documents/migrate',
      { ...doc, newDocumentId: 'doc-moved' },
      h,
    );
    await waitFor(async () => {
      const status = await c.ok(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'org', migrationId },
        h,
      );
      return status.status === 'completed' || undefined;
    });
    await c.ok('/v2/workspace/notificationconfig/update', { useNotificationService: true }, h);
    await dataSource.query(
      `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8 WHERE subscription_id = $1`,
      [SUBSCRIPTION, mark.position, mark.tx],
    );
    await c.caughtUp();
    const [made] = await c.stored(h);
    expect(made?.record.documentId).toBe('doc-moved');
    expect((await c.shown(h, 'doc-moved')).map((n) => n.targetAnnotationId)).toEqual(['a1']);
    expect(await c.shown(h)).toEqual([]);
  });

  describe('delay (D9.8)', () => {
    const delayed = { delayConfig: { isEnabled: true, delaySeconds: 60 } };

    it('holds one back until due: stored, not shown, then shown', async () => {
      const h = await c.key(delayed);
      await c.thread(h, 'a1', comment(ann, 'Later', [bob]));
      await c.caughtUp();
      const [held] = await c.stored(h);
      expect(held).toMatchObject({ held: true, record: { heldUntil: expect.any(Number) } });
      expect(await c.shown(h)).toEqual([]);
      expect(await c.inbox(h, 'bob')).toEqual([]);
      await t.settle(20_000);
      const [shown] = await c.shown(h);
      expect(shown).toMatchObject({ id: held.id, notifyUsersByUserId: { bob: true } });
      expect(shown).not.toHaveProperty('heldUntil');
      expect((await c.inbox(h, 'bob')).map((n) => n.id)).toEqual([held.id]);
    });

    it('drops a recipient who read it meanwhile', async () => {
      const h = await c.key(delayed);
      await c.thread(h, 'a1', comment(ann, 'Both of you', [bob, carl]));
      await c.caughtUp();
      const [held] = await c.stored(h);
      expect(held.record.notifyUsersByUserId).toEqual({ bob: true, carl: true });
      await c.ok(
        '/v2/notifications/update',
        { organizationId: 'org', notifications: [{ id: held.id, readByUserIds: ['bob'] }] },
        h,
      );
      await t.settle(20_000);
      const [shown] = await c.shown(h);
      expect(shown).toMatchObject({ id: held.id, notifyUsers: { 'carl@example.com': true } });
      expect(users(shown)).toEqual(['carl']);
      expect(Object.keys(shown.notifyUsers)).toEqual(['carl@example.com']);
      expect(await c.inbox(h, 'bob')).toEqual([]);
    });

    it('deletes it when its annotation or its comment is deleted meanwhile', async () => {
      const h = await c.key(delayed);
      await c.thread(h, 'a1', comment(ann, 'Gone soon', [bob]));
      await c.thread(h, 'a2', comment(ann, 'Stays', [bob]));
      await c.reply(h, 'a2', comment(carl, 'Reply gone soon'));
      await c.caughtUp();
      const held = await c.stored(h);
      expect(held.map((n) => n.held)).toEqual([true, true, true]);
      await c.ok('/v2/commentannotations/delete', { ...doc, annotationIds: ['a1'] }, h);
      await c.ok(
        '/v2/commentannotations/comments/delete',
        { ...doc, annotationId: 'a2', commentIds: [2] },
        h,
      );
      await t.settle(20_000);
      const queue = t.app.get(JobQueue);
      for (const n of held) {
        expect(await queue.status(`notifications.deliver:${n.id}`)).toBe('completed');
      }
      // The comment's deletion made one of its own (comment.delete is a default trigger).
      const shown = await c.shown(h);
      expect(shown.map((n) => [n.targetAnnotationId, n.actionType])).toEqual([
        ['a2', 'comment_annotation.add'],
        ['a2', 'comment.delete'],
      ]);
      expect(shown[0].id).toBe(held[1].id);
    });
  });

  describe('batching (D9.8)', () => {
    const documentWindow = (batchWindowSeconds: number, maxActivities = 50) => ({
      batchConfig: { document: { isEnabled: true, batchWindowSeconds, maxActivities } },
    });

    it('folds the changes of a document window into one digest: count, first and last', async () => {
      const h = await c.key(documentWindow(60));
      await c.thread(h, 'a1', comment(ann, 'First', [bob]));
      await c.reply(h, 'a1', comment(bob, 'Second'));
      await c.reply(h, 'a1', comment(carl, 'Third'));
      await c.caughtUp();
      const [held, ...others] = await c.stored(h);
      expect(others).toEqual([]);
      expect(held).toMatchObject({ held: true });
      expect(await c.shown(h)).toEqual([]);
      await t.settle(20_000);
      const [digest, ...more] = await c.shown(h);
      expect(more).toEqual([]);
      expect(digest.id).toMatch(/^digest_[A-Za-z0-9_-]+$/);
      expect(digest).toMatchObject({
        id: held.id,
        notificationSource: 'comment',
        actionType: 'comment.add',
        actionUser: carl,
        displayHeadlineMessageTemplate: '{count} updates in a document',
        displayHeadlineMessageTemplateData: {
          count: 3,
          first: 'Ann Smith mentioned Bob Jones in a new thread',
          last: 'Carl Diaz replied to a thread',
        },
        displayBodyMessage:
          'Ann Smith mentioned Bob Jones in a new thread … Carl Diaz replied to a thread',
        notificationSourceData: {
          batch: { scope: 'document', count: 3 },
          first: { actionType: 'comment_annotation.add', actionUser: ann },
          last: { actionType: 'comment.add', actionUser: carl },
        },
        notifyAll: false,
      });
      // Everyone any of the three told: Bob (tagged), Ann and Bob (participants).
      expect(users(digest)).toEqual(['ann', 'bob']);
      expect(digest.notificationSourceData.batch.closesAt).toBe(
        digest.notificationSourceData.batch.windowStart + 60_000 * SCALE,
      );
    });

    it('closes a window early when it reaches maxActivities', async () => {
      const h = await c.key(documentWindow(600, 2));
      await c.thread(h, 'a1', comment(ann, 'One', [bob]));
      await c.reply(h, 'a1', comment(bob, 'Two'));
      await c.reply(h, 'a1', comment(ann, 'Three'));
      // The full window is delivered at once; the next one (60 s here) is still open.
      await t.settle();
      const stored = await c.stored(h);
      expect(stored.map((n) => [n.held, n.record.notificationSourceData.batch.count])).toEqual([
        [false, 2],
        [true, 1],
      ]);
      const shown = await c.shown(h);
      expect(shown.map((n) => n.id)).toEqual([stored[0].id]);
      expect(shown[0].displayHeadlineMessageTemplateData.count).toBe(2);
    });

    it('keeps a window per recipient with user batching', async () => {
      const h = await c.key({
        batchConfig: { user: { isEnabled: true, batchWindowSeconds: 60 } },
      });
      await c.thread(h, 'a1', comment(ann, 'Hi both', [bob, carl]));
      await c.reply(h, 'a1', comment(bob, 'Hi {{carl}}', [carl]));
      await t.settle(20_000);
      const shown = await c.shown(h);
      const byUser = Object.fromEntries(
        shown.map((n) => [users(n).join(), n.displayHeadlineMessageTemplateData.count]),
      );
      // Bob: the thread; Carl: the thread and the reply; Ann: the reply.
      expect(byUser).toEqual({ bob: 1, carl: 2, ann: 1 });
      expect(
        shown.every((n) => n.displayHeadlineMessageTemplate === '{count} updates for you'),
      ).toBe(true);
    });

    it('changes no digest when events are handled again', async () => {
      const h = await c.key(documentWindow(600));
      const dataSource = t.app.get(DataSource);
      await t.settle();
      const [mark] = await dataSource.query(
        `SELECT position, transaction_id::text AS tx FROM checkpoints WHERE subscription_id = $1`,
        [SUBSCRIPTION],
      );
      await c.thread(h, 'a1', comment(ann, 'One', [bob]));
      await c.reply(h, 'a1', comment(bob, 'Two'));
      await c.caughtUp();
      const before = await c.stored(h);
      expect(before.map((n) => n.record.notificationSourceData.batch.count)).toEqual([2]);
      await dataSource.query(
        `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8 WHERE subscription_id = $1`,
        [SUBSCRIPTION, mark.position, mark.tx],
      );
      expect(await t.app.get(SubscriptionRunner).isCaughtUp(SUBSCRIPTION)).toBe(false);
      await c.caughtUp();
      expect(await c.stored(h)).toEqual(before);
    });
  });
});

describe('derived notifications across a restart', () => {
  it('delivers a digest whose window was open when the server stopped, once', async () => {
    const storage = await sameStorage();
    try {
      const first = await createTestApp(storage.options);
      const c1 = client(first);
      const h = await c1.key({
        batchConfig: { document: { isEnabled: true, batchWindowSeconds: 60 } },
      });
      await c1.thread(h, 'a1', comment(ann, 'Before the stop', [bob]));
      await c1.reply(h, 'a1', comment(bob, 'Also before'));
      await c1.caughtUp();
      const [held] = await c1.stored(h);
      expect(held).toMatchObject({ held: true });
      await first.close();

      const second = await createTestApp({
        ...storage.options,
        config: { ...storage.options.config, adminToken: first.adminToken },
      });
      try {
        const c2 = client(second);
        const shown = await waitFor(async () => {
          const views = await c2.shown(h);
          return views.length > 0 ? views : undefined;
        }, 20_000);
        expect(shown.map((n) => [n.id, n.displayHeadlineMessageTemplateData.count])).toEqual([
          [held.id, 2],
        ]);
        await second.settle();
        // Delivered once: one release appended after the digest was made.
        const [{ releases }] = await second.app.get(DataSource).query(
          `SELECT count(*)::int AS releases FROM events
           WHERE stream_id LIKE $1 AND NOT (data ? 'heldUntil')`,
          [`%${held.id}`],
        );
        expect(releases).toBe(1);
        expect(await c2.stored(h)).toEqual([{ ...held, held: false, record: expect.anything() }]);
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  });
});
