import { DataSource } from 'typeorm';
import { DiscoveryService } from '@nestjs/core';
import { EventStore, streamId, Subscriber, type EventSubscriber } from '@app/event-store';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { batchKeyOf } from '../libs/notifications/src/domain/derived-batches';
import { everyRowAsText } from './support/every-row';

type Res = { status: number; body: any };
type View = Record<string, any> & { id: string };

const victim = { userId: 'vic-91', name: 'Vera Quist', email: 'vera.quist@example.org' };
/** A name of the victim no user record shows: learned from a notification, then searched for. */
const ALIAS = 'V. Quinn';
const keeper = { userId: 'kee-12', name: 'Kim Keel', email: 'kim.keel@example.org' };

// D6.6, D6.7 and D8.3 for notifications: a migration moves them and their settings, a
// deletion keeps them, a user data deletion erases a user from them.
describe('notification lifecycle', () => {
  let t: TestApp;
  let h: Record<string, string>;

  const ok = async (res: Promise<Res> | Res) => {
    const r = await res;
    if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body.result.data;
  };
  const add = (organizationId: string, data: Record<string, unknown>) =>
    ok(
      t.post(
        '/v1/notifications/add',
        { organizationId, notifyAll: false, displayHeadlineMessageTemplate: 'x', ...data },
        h,
      ),
    );
  const get = async (data: Record<string, unknown>): Promise<View[]> =>
    ok(t.post('/v2/notifications/get', { pageSize: 1000, ...data }, h));
  const ids = (views: View[]) => views.map((v) => v.id).sort();
  const db = () => t.app.get(DataSource);
  const settingsRows = async (organizationId: string) =>
    db().query(
      `SELECT user_id, document_id, channels FROM notification_settings
       WHERE organization_id = $1 ORDER BY user_id, document_id`,
      [organizationId],
    );
  const eventsOf = async (organizationId: string, notificationId: string) =>
    db().query(
      `SELECT type, data FROM events
       WHERE data->>'organizationId' = $1 AND data->>'notificationId' = $2
       ORDER BY global_position`,
      [organizationId, notificationId],
    );

  /** A user data deletion job for one user of one organization, to its end. */
  async function eraseUser(organizationId: string, userId: string) {
    const res = await t.post(
      '/v2/users/data/delete',
      { userIds: [userId], organizationIds: [organizationId] },
      h,
    );
    if (res.status !== 202) throw new Error(`deletion refused: ${res.text}`);
    await waitFor(async () => {
      const status = await t.post(
        '/v1/users/data/delete/status',
        { jobId: res.body.data.jobId },
        h,
      );
      return status.body.result?.data?.isDeleteCompleted ? true : undefined;
    }, 60_000);
  }

  async function migrated(organizationId: string, documentId: string, newDocumentId: string) {
    const { migrationId } = await ok(
      t.post(
        '/v2/organizations/documents/migrate',
        { organizationId, documentId, newDocumentId },
        h,
      ),
    );
    return waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId, migrationId },
        h,
      );
      const status = res.body.result?.data?.status;
      return status === 'completed' || status === 'failed' ? status : undefined;
    });
  }

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
    for (const [organizationId, documents] of [
      ['m-org', ['old', 'other', 'big', 'gone']],
      ['e-org', ['e1', 'e2']],
    ] as const) {
      await ok(
        t.post(
          '/v2/organizations/documents/add',
          {
            organizationId,
            createOrganization: true,
            documents: documents.map((documentId) => ({ documentId })),
          },
          h,
        ),
      );
    }
  });
  afterAll(() => t.close());

  describe('migration (D6.7)', () => {
    it('moves every notification and document-level setting to the new id before the migration completes', async () => {
      for (const id of ['m1', 'm2', 'm3']) {
        await add('m-org', {
          notificationId: id,
          documentId: 'old',
          actionUser: keeper,
          notifyUsers: [{ userId: 'u1' }],
        });
      }
      await add('m-org', { notificationId: 'stays', documentId: 'other', actionUser: keeper });
      const set = (documentIds: string[] | undefined, userIds: string[], config: object) =>
        ok(
          t.post(
            '/v2/notifications/config/set',
            { organizationId: 'm-org', ...(documentIds && { documentIds }), userIds, config },
            h,
          ),
        );
      await set(['old'], ['u1', 'u2'], { inbox: 'NONE', email: 'ALL' });
      await set(['other'], ['u1'], { inbox: 'MINE' });
      await set(undefined, ['u1'], { email: 'NONE' });

      // The migration waits for every attached subscriber of DocumentMigrated: this is one.
      const moves = t.app
        .get(DiscoveryService)
        .getProviders({ metadataKey: Subscriber.KEY })
        .map((w) => w.instance as EventSubscriber)
        .find((s) => s?.subscriptionId === 'notifications.document-moves');
      expect(moves).toMatchObject({ handles: ['documents.document-migrated'] });
      expect(moves!.detached).toBeFalsy();

      expect(await migrated('m-org', 'old', 'new')).toBe('completed');
      // No settle: a completed migration already has every notification under the new id.
      const moved = await get({ organizationId: 'm-org', documentId: 'new' });
      expect(ids(moved)).toEqual(['m1', 'm2', 'm3']);
      for (const n of moved) expect(n.metadata.documentId).toBe('new');
      expect(await get({ organizationId: 'm-org', documentId: 'old' })).toEqual([]);
      expect(ids(await get({ organizationId: 'm-org', documentId: 'other' }))).toEqual(['stays']);
      // The inbox follows: the user still has them.
      expect(ids(await get({ organizationId: 'm-org', userId: 'u1' }))).toEqual(['m1', 'm2', 'm3']);
      expect(await settingsRows('m-org')).toEqual([
        { user_id: 'u1', document_id: '', channels: { email: 'NONE' } },
        { user_id: 'u1', document_id: 'new', channels: { inbox: 'NONE', email: 'ALL' } },
        { user_id: 'u1', document_id: 'other', channels: { inbox: 'MINE' } },
        { user_id: 'u2', document_id: 'new', channels: { inbox: 'NONE', email: 'ALL' } },
      ]);
      // The settings in force on the new id are the moved ones.
      const inForce = await ok(
        t.post(
          '/v2/notifications/config/get',
          { organizationId: 'm-org', userId: 'u2', documentIds: ['new'] },
          h,
        ),
      );
      expect(JSON.stringify(inForce)).toContain('NONE');
    });

    it('moves a document of 1001 notifications in appends of at most 1000', async () => {
      const apiKey = h['x-service-api-key'];
      const at = Date.now();
      const items = Array.from({ length: 1001 }, (_, i) => {
        const notificationId = `bulk-${String(i).padStart(4, '0')}`;
        const ref = { apiKey, organizationId: 'm-org', notificationId };
        const event = {
          type: 'notifications.notification-added',
          data: {
            ...ref,
            documentId: 'big',
            notificationSource: 'custom',
            notifyUsers: {},
            notifyUsersByUserId: {},
            notifyAll: false,
            timestamp: at + i,
            at,
          },
        };
        return {
          streamId: streamId('notification', apiKey, 'm-org', notificationId),
          streamType: 'notification',
          expectedVersion: 0,
          events: [event],
        };
      });
      await t.app.get(EventStore).append(items as never, { apiKey, actor: 'test' });
      const store = t.app.get(EventStore);
      const sizes: number[] = [];
      const append = store.append.bind(store);
      store.append = (appends, metadata, manager) => {
        const moves = appends.flatMap((a) =>
          a.events.filter((e) => e.type === 'notifications.notification-moved'),
        );
        if (moves.length > 0) sizes.push(moves.length);
        return append(appends, metadata, manager);
      };
      try {
        expect(await migrated('m-org', 'big', 'big2')).toBe('completed');
      } finally {
        store.append = append;
      }
      expect(sizes).toEqual([1000, 1]);
      const [{ n }] = await db().query(
        `SELECT count(*)::int AS n FROM notifications WHERE organization_id = 'm-org' AND document_id = 'big2'`,
      );
      expect(n).toBe(1001);
    });
  });

  it('keeps the notifications of a deleted document (D6.6)', async () => {
    await add('m-org', {
      notificationId: 'kept',
      documentId: 'gone',
      actionUser: keeper,
      notifyUsers: [{ userId: 'u9' }],
    });
    const res = await ok(
      t.post(
        '/v1/organizations/documents/delete',
        { organizationId: 'm-org', documentIds: ['gone'] },
        h,
      ),
    );
    expect(res.gone).toMatchObject({ success: true });
    await t.settle();
    expect(ids(await get({ organizationId: 'm-org', documentId: 'gone' }))).toEqual(['kept']);
    expect(ids(await get({ organizationId: 'm-org', userId: 'u9' }))).toEqual(['kept']);
  });

  describe('erasure of a user (D8.3)', () => {
    const org = 'e-org';
    const doc = { documentId: 'e1' };
    const DELETED = '@[deleted user]';
    const words = [victim.userId, victim.name, victim.email, ALIAS];
    const annotation = (from: object, extra: Record<string, unknown> = {}) => ({
      annotationId: 'a1',
      from,
      comments: [
        {
          commentId: 1,
          commentText: `see {{${victim.userId}}}`,
          commentHtml: `<p>@${victim.name}</p>`,
          from: keeper,
          taggedUserContacts: [{ userId: victim.userId, contact: victim }],
          reactions: [{ icon: 'HEART', from: victim, at: 1 }],
          createdAt: 1,
          lastUpdated: 1,
        },
        {
          commentId: 2,
          commentText: 'my reply',
          commentHtml: '',
          from: victim,
          taggedUserContacts: [],
          reactions: [],
          createdAt: 2,
          lastUpdated: 2,
        },
      ],
      createdAt: 1,
      lastUpdated: 2,
      ...extra,
    });
    let rowsBefore: string[];
    let view: Map<string, View>;
    let windowsBefore: number;
    const victimWindows = async () => {
      const key = batchKeyOf(h['x-service-api-key'], org, 'user', victim.userId);
      const [{ n }] = await db().query(
        `SELECT count(*)::int AS n FROM notification_batches WHERE batch_key = $1`,
        [key],
      );
      return n as number;
    };

    const erase = () => eraseUser(org, victim.userId);
    const notificationEvents = () =>
      db().query(
        `SELECT event_id, type, data FROM events
         WHERE type LIKE 'notifications.%' AND data->>'organizationId' = $1
         ORDER BY global_position`,
        [org],
      );

    beforeAll(async () => {
      await ok(t.post('/v2/users/add', { organizationId: org, users: [victim, keeper] }, h));
      const by = (id: string, actionUser: object, data: Record<string, unknown> = {}) =>
        add(org, { notificationId: id, ...doc, actionUser, ...data });
      await by('n-actor', victim, { notifyUsers: [keeper], displayBodyMessage: 'mine' });
      await by('n-recipient', keeper, {
        notifyUsers: [victim, keeper, { userId: 'only-id' }],
      });
      await by('n-email', keeper, {
        notifyUsers: [{ email: victim.email }, { userId: 'only-id' }],
      });
      await by('n-template', keeper, {
        displayHeadlineMessageTemplate: '{actionUser} assigned {assignee}',
        displayHeadlineMessageTemplateData: {
          actionUser: keeper,
          assignee: { userId: victim.userId, name: ALIAS },
          note: `ask ${victim.name}`,
          people: [victim, keeper],
        },
        displayBodyMessage: `Hi {{${victim.userId}}}, cc @${victim.name} and ${victim.email}`,
      });
      await by('n-learned', keeper, { displayBodyMessage: `ask ${ALIAS} about it` });
      await by('n-source', keeper, {
        notificationSourceData: annotation(keeper, { assignedTo: victim }),
      });
      await by('n-source-theirs', keeper, { notificationSourceData: annotation(victim) });
      await by('n-read', keeper, { notifyAll: true });
      await by('n-gone', keeper, { notifyUsers: [victim] });
      await by('n-keeper', keeper, { notifyUsers: [keeper], displayBodyMessage: 'about no one' });
      await ok(
        t.post(
          '/v2/notifications/update',
          {
            organizationId: org,
            notifications: [{ id: 'n-read', readByUserIds: [victim.userId, keeper.userId] }],
          },
          h,
        ),
      );
      await ok(
        t.post('/v2/notifications/delete', { organizationId: org, notificationIds: ['n-gone'] }, h),
      );
      const set = (documentIds: string[] | undefined, userIds: string[]) =>
        ok(
          t.post(
            '/v2/notifications/config/set',
            {
              organizationId: org,
              ...(documentIds && { documentIds }),
              userIds,
              config: { inbox: 'MINE' },
            },
            h,
          ),
        );
      await set(undefined, [victim.userId]);
      await set(['e1'], [victim.userId, keeper.userId]);
      // Derived notifications, batched per user (D9.8): the keeper's comment tagging the victim
      // opens a window for the victim, keyed by a digest of their id.
      await ok(
        t.post(
          '/v2/workspace/notificationconfig/update',
          {
            useNotificationService: true,
            notificationServiceConfig: {
              batchConfig: {
                user: { isEnabled: true, batchWindowSeconds: 600, maxActivities: 50 },
              },
            },
          },
          h,
        ),
      );
      await ok(
        t.post(
          '/v2/commentannotations/add',
          {
            organizationId: org,
            ...doc,
            commentAnnotations: [
              {
                annotationId: 'derived-a',
                commentData: [
                  {
                    commentText: `For {{${victim.userId}}}`,
                    from: keeper,
                    taggedUserContacts: [{ userId: victim.userId, contact: victim }],
                  },
                ],
              },
            ],
          },
          h,
        ),
      );
      // A setting on a document that then migrates: its old stream names the user too.
      await set(['e2'], [victim.userId]);
      if ((await migrated(org, 'e2', 'e3')) !== 'completed') throw new Error('migration failed');
      await t.settle();
      rowsBefore = await everyRowAsText(db());
      windowsBefore = await victimWindows();
      await erase();
      const all = await get({ organizationId: org, ...doc });
      view = new Map(all.map((n) => [n.id, n]));
    });

    it('leaves no row of any table, events included, naming the user', async () => {
      for (const word of words) {
        expect(rowsBefore.filter((r) => r.includes(word)).length).toBeGreaterThan(0);
      }
      const rows = await everyRowAsText(db());
      for (const word of words) expect(rows.filter((r) => r.includes(word))).toEqual([]);
      expect(rows.some((r) => r.includes(keeper.email))).toBe(true);
    });

    it('deletes what they made (actionUser), its events keeping only where and when', async () => {
      expect(view.has('n-actor')).toBe(false);
      const events = await eventsOf(org, 'n-actor');
      expect(events.map((e: { type: string }) => e.type)).toEqual([
        'notifications.notification-added',
        'notifications.notification-deleted',
      ]);
      expect(events[0].data).toEqual({
        apiKey: h['x-service-api-key'],
        organizationId: org,
        notificationId: 'n-actor',
        documentId: 'e1',
        notificationSource: 'custom',
        notifyUsers: {},
        notifyUsersByUserId: {},
        notifyAll: false,
        timestamp: expect.any(Number),
        at: expect.any(Number),
      });
    });

    it('removes them as a recipient, by user id and by email, and from their inbox', async () => {
      expect(view.get('n-recipient')).toMatchObject({
        notifyUsers: { [keeper.email]: true, 'only-id': true },
        notifyUsersByUserId: { [keeper.userId]: true, 'only-id': true },
      });
      expect(view.get('n-email')).toMatchObject({
        notifyUsers: { 'only-id': true },
        notifyUsersByUserId: { 'only-id': true },
      });
      expect(await get({ organizationId: org, userId: victim.userId })).toEqual(
        // Only what is for everyone is left to them.
        [expect.objectContaining({ id: 'n-read' })],
      );
      const inbox = await db().query(`SELECT * FROM notification_inbox WHERE user_id = $1`, [
        victim.userId,
      ]);
      expect(inbox).toEqual([]);
      expect(ids(await get({ organizationId: org, userId: keeper.userId }))).toContain(
        'n-recipient',
      );
    });

    it('rewrites template data and texts naming them, names learned on the way included', async () => {
      expect(view.get('n-template')).toMatchObject({
        displayHeadlineMessageTemplateData: {
          actionUser: keeper,
          assignee: { name: DELETED },
          note: `ask ${DELETED}`,
          people: [keeper],
        },
        displayBodyMessage: `Hi ${DELETED}, cc ${DELETED} and ${DELETED}`,
      });
      expect(view.get('n-learned')!.displayBodyMessage).toBe(`ask ${DELETED} about it`);
    });

    it('erases them from a copied annotation as collaboration does', async () => {
      const rest = annotation(keeper);
      expect(view.get('n-source')!.notificationSourceData).toEqual({
        ...rest,
        comments: [
          {
            ...rest.comments[0],
            commentText: `see ${DELETED}`,
            commentHtml: `<p>${DELETED}</p>`,
            taggedUserContacts: [],
            reactions: [],
          },
        ],
      });
      // An annotation they wrote goes whole from the copy; the notification stays.
      expect(view.get('n-source-theirs')!.notificationSourceData).toEqual({});
    });

    it('removes their read state, and their settings rows and streams', async () => {
      expect(view.get('n-read')!.readByUserIds).toEqual([keeper.userId]);
      expect(await settingsRows(org)).toEqual([
        { user_id: keeper.userId, document_id: 'e1', channels: { inbox: 'MINE' } },
      ]);
      const streams = await db().query(`SELECT stream_id FROM streams WHERE stream_id LIKE $1`, [
        `%${victim.userId}%`,
      ]);
      expect(streams).toEqual([]);
    });

    it('rewrites the events of a notification deleted before, and leaves the others alone', async () => {
      const gone = await eventsOf(org, 'n-gone');
      expect(gone).toHaveLength(2);
      expect(gone[0].data.notifyUsers).toEqual({});
      const kept = await eventsOf(org, 'n-keeper');
      expect(kept.map((e: { type: string }) => e.type)).toEqual([
        'notifications.notification-added',
      ]);
      expect(kept[0].data).toMatchObject({
        actionUser: keeper,
        notifyUsers: { [keeper.email]: true },
        displayBodyMessage: 'about no one',
      });
    });

    it('closes their batching windows', async () => {
      expect(windowsBefore).toBe(1);
      expect(await victimWindows()).toBe(0);
    });

    it('changes nothing when run again', async () => {
      const before = await notificationEvents();
      await erase();
      expect(await notificationEvents()).toEqual(before);
    });
  });

  // The job's words come from what other data shows of a user (a user record, collaboration
  // data): a recipient given with an email and known nowhere else is erased by the pair the
  // notification keeps of their id and email.
  describe('erasure of a recipient known only to notifications (D8.3)', () => {
    const org = 'r-org';
    const robert = { userId: 'rob-33', email: 'robert.rowe@example.net' };
    const words = [robert.userId, robert.email];
    let rowsBefore: string[];
    let viewBefore: View[];

    beforeAll(async () => {
      await ok(
        t.post(
          '/v2/organizations/documents/add',
          { organizationId: org, createOrganization: true, documents: [{ documentId: 'r1' }] },
          h,
        ),
      );
      const by = (id: string, data: Record<string, unknown>) =>
        add(org, { notificationId: id, documentId: 'r1', actionUser: keeper, ...data });
      // `notifyUsers` is keyed by the email alone (D9.2).
      await by('r-pair', { notifyUsers: [robert, keeper] });
      // Named by email only: found by the email the pair tells.
      await by('r-email', {
        notifyUsers: [{ email: robert.email }, keeper],
        displayBodyMessage: `cc ${robert.email}`,
      });
      await t.settle();
      rowsBefore = await everyRowAsText(db());
      viewBefore = await get({ organizationId: org, documentId: 'r1' });
      await eraseUser(org, robert.userId);
    });

    it('leaves no row of any table, events included, holding their id or email', async () => {
      for (const word of words) {
        expect(rowsBefore.filter((r) => r.includes(word)).length).toBeGreaterThan(0);
      }
      const rows = await everyRowAsText(db());
      for (const word of words) expect(rows.filter((r) => r.includes(word))).toEqual([]);
    });

    it('keeps the others as recipients, and never shows the pairs', async () => {
      const view = await get({ organizationId: org, documentId: 'r1' });
      for (const n of [...viewBefore, ...view]) expect(n).not.toHaveProperty('recipientEmails');
      expect(
        view.map(({ id, notifyUsers, notifyUsersByUserId, displayBodyMessage }) => ({
          id,
          notifyUsers,
          notifyUsersByUserId,
          displayBodyMessage,
        })),
      ).toEqual([
        {
          id: 'r-email',
          notifyUsers: { [keeper.email]: true },
          notifyUsersByUserId: { [keeper.userId]: true },
          displayBodyMessage: 'cc @[deleted user]',
        },
        {
          id: 'r-pair',
          notifyUsers: { [keeper.email]: true },
          notifyUsersByUserId: { [keeper.userId]: true },
          displayBodyMessage: undefined,
        },
      ]);
    });
  });
});
