import { DataSource } from 'typeorm';
import { AggregateRepository } from '@app/event-store';
import { createTestApp, type TestApp } from '@app/testing';
import {
  Notification,
  NOTIFICATION_STREAM_TYPE,
  notificationStream,
} from '../libs/notifications/src/domain/notification.aggregate';

type View = Record<string, any> & { id: string };
type Res = { status: number; body: any };
type Spec = {
  doc?: string;
  loc?: string;
  users?: string[];
  all?: boolean;
  body?: string;
};

// The hosted update and delete of notifications (D9.5).
describe('notifications: update and delete (D9.5)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let other: Record<string, string>;
  let workspaceId: string;

  const post = (path: string, data: Record<string, unknown>, h = headers) =>
    t.post(path, data, h) as Promise<Res>;
  const update = (data: Record<string, unknown>, h = headers) =>
    post('/v2/notifications/update', data, h);
  const remove = (data: Record<string, unknown>, h = headers) =>
    post('/v2/notifications/delete', data, h);
  const get = async (data: Record<string, unknown>, h = headers): Promise<View[]> => {
    const res = await post('/v2/notifications/get', data, h);
    expect(res.status).toBe(200);
    return res.body.result.data as View[];
  };
  const idsOf = (views: View[]) => views.map((v) => v.id).sort();
  /** Every notification of an organization, by document (each test uses its own organization). */
  const allIds = async (organizationId: string, docs: string[], h = headers) =>
    (await Promise.all(docs.map((documentId) => get({ organizationId, documentId }, h))))
      .flatMap(idsOf)
      .sort();

  /** Adds a notification through operation 23, making its organization and document. */
  async function add(organizationId: string, id: string, spec: Spec = {}, h = headers) {
    const res = await post(
      '/v2/notifications/add',
      {
        organizationId,
        documentId: spec.doc ?? 'doc',
        createOrganization: true,
        createDocument: true,
        notificationId: id,
        actionUser: { userId: 'actor', name: 'Ann' },
        displayHeadlineMessageTemplate: 'headline',
        displayBodyMessage: spec.body ?? 'body',
        notifyUsers: (spec.users ?? []).map((userId) => ({ userId })),
        notifyAll: spec.all ?? false,
        ...(spec.loc && { location: { id: spec.loc } }),
      },
      h,
    );
    expect(res.status).toBe(200);
  }
  /**
   * Many notifications at once, appended in one transaction through the aggregate (what
   * operation 23 appends), where a thousand calls would take most of a minute.
   */
  async function seed(organizationId: string, ids: string[], spec: Spec = {}) {
    await add(organizationId, ids[0], spec);
    const apiKey = headers['x-service-api-key'];
    const at = Date.now();
    const items = ids.slice(1).map((notificationId, i) => {
      const ref = { apiKey, organizationId, notificationId };
      const notification = new Notification(ref);
      notification.add(
        {
          documentId: spec.doc ?? 'doc',
          notificationSource: 'custom',
          notifyUsers: Object.fromEntries((spec.users ?? []).map((u) => [u, true])),
          notifyUsersByUserId: Object.fromEntries((spec.users ?? []).map((u) => [u, true])),
          notifyAll: spec.all ?? false,
          timestamp: at + i,
        },
        at,
      );
      return {
        streamId: notificationStream(ref),
        streamType: NOTIFICATION_STREAM_TYPE,
        aggregate: notification,
      };
    });
    await t.app.get(AggregateRepository).save(items, { workspaceId, apiKey, actor: 'test' });
  }
  const ok = (id: string, message: string) => ({ success: true, id, message });
  const failed = (id: string, message: string) => ({
    success: false,
    id,
    message,
    code: message.startsWith('Duplicate') ? 'duplicate' : 'not-found',
  });
  const UPDATED = 'Notification updated.';
  const UPDATE_FAILED = 'Failed to update notification.';
  const DELETED = 'Notification deleted.';
  const DELETE_FAILED = 'Failed to delete notification.';

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    workspaceId = ws.workspaceId;
    headers = t.apiKeyHeaders(ws);
    other = t.apiKeyHeaders(await t.createApiKey(ws));
  });
  afterAll(() => t.close());

  describe('update', () => {
    it('changes the fields given and keeps the others, answering a map per id', async () => {
      await add('org-u', 'u1', { body: 'old', users: ['bob'] });
      const res = await update({
        organizationId: 'org-u',
        notifications: [
          {
            id: 'u1',
            actionUser: { userId: 'carl', name: 'Carl' },
            displayBodyMessage: 'new',
            displayHeadlineMessageTemplateData: { thing: 'x' },
            notificationSourceData: { link: '/a' },
          },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'Notification(s) updated successfully.',
          data: { u1: ok('u1', UPDATED) },
        },
      });
      const [n] = await get({ organizationId: 'org-u', documentId: 'doc' });
      expect(n).toMatchObject({
        id: 'u1',
        actionUser: { userId: 'carl', name: 'Carl' },
        displayHeadlineMessageTemplate: 'headline',
        displayHeadlineMessageTemplateData: { thing: 'x' },
        displayBodyMessage: 'new',
        notificationSourceData: { link: '/a' },
        notifyUsersByUserId: { bob: true },
        readByUserIds: [],
      });
    });

    it('marks users as read: readByUserIds in operation 22, isUnread false for them only', async () => {
      await add('org-r', 'r1', { users: ['bob', 'carl', 'dave'] });
      const res = await update({
        organizationId: 'org-r',
        verifyUserPermissions: true,
        notifications: [{ id: 'r1', readByUserIds: ['bob', 'carl', 'bob'] }],
      });
      expect(res.body.result.data).toEqual({ r1: ok('r1', UPDATED) });
      const [n] = await get({ organizationId: 'org-r', documentId: 'doc' });
      expect([...n.readByUserIds].sort()).toEqual(['bob', 'carl']);
      const unread = async (userId: string) =>
        (await get({ organizationId: 'org-r', userId }))[0].isUnread;
      expect(await unread('bob')).toBe(false);
      expect(await unread('carl')).toBe(false);
      expect(await unread('dave')).toBe(true);
    });

    it('stores persistReadForUsers with the read state', async () => {
      await add('org-p', 'p1', { users: ['bob', 'carl'] });
      await update({
        organizationId: 'org-p',
        notifications: [{ id: 'p1', readByUserIds: ['bob'], persistReadForUsers: true }],
      });
      await update({
        organizationId: 'org-p',
        notifications: [{ id: 'p1', readByUserIds: ['carl'] }],
      });
      const [row] = await t.app
        .get(DataSource)
        .query(
          `SELECT read_by FROM notifications WHERE organization_id = 'org-p' AND notification_id = 'p1'`,
        );
      const readBy = typeof row.read_by === 'string' ? JSON.parse(row.read_by) : row.read_by;
      expect(readBy).toEqual({
        bob: { at: expect.any(Number), persist: true },
        carl: { at: expect.any(Number), persist: false },
      });
    });

    it('fails items outside documentId, locationId or userId exactly as missing ones', async () => {
      await add('org-n', 'n1', { doc: 'd1', loc: 'l1', users: ['bob'] });
      const narrowed = async (filter: Record<string, unknown>) =>
        (
          await update({
            organizationId: 'org-n',
            ...filter,
            notifications: [{ id: 'n1', displayBodyMessage: JSON.stringify(filter) }],
          })
        ).body.result.data.n1;
      expect(await narrowed({ documentId: 'd2' })).toEqual(failed('n1', UPDATE_FAILED));
      expect(await narrowed({ locationId: 'l2' })).toEqual(failed('n1', UPDATE_FAILED));
      expect(await narrowed({ userId: 'carl' })).toEqual(failed('n1', UPDATE_FAILED));
      expect(await narrowed({ documentId: 'd1', locationId: 'l2', userId: 'bob' })).toEqual(
        failed('n1', UPDATE_FAILED),
      );
      const [untouched] = await get({ organizationId: 'org-n', documentId: 'd1' });
      expect(untouched.displayBodyMessage).toBe('body');
      expect(await narrowed({ documentId: 'd1', locationId: 'l1', userId: 'bob' })).toEqual(
        ok('n1', UPDATED),
      );
      expect(await narrowed({ userId: 'bob' })).toEqual(ok('n1', UPDATED));
      const [changed] = await get({ organizationId: 'org-n', documentId: 'd1' });
      expect(changed.displayBodyMessage).toBe('{"userId":"bob"}');
    });

    it('fails a missing id and every copy of a repeated id, and changes the rest', async () => {
      await add('org-dup', 'a');
      await add('org-dup', 'b');
      const res = await update({
        organizationId: 'org-dup',
        notifications: [
          { id: 'a', displayBodyMessage: 'twice-1' },
          { id: 'ghost', displayBodyMessage: 'x' },
          { id: 'b', displayBodyMessage: 'changed' },
          { id: 'a', displayBodyMessage: 'twice-2' },
        ],
      });
      expect(res.body.result.data).toEqual({
        a: failed('a', 'Duplicate id in request'),
        ghost: failed('ghost', UPDATE_FAILED),
        b: ok('b', UPDATED),
      });
      const views = await get({ organizationId: 'org-dup', documentId: 'doc' });
      expect(Object.fromEntries(views.map((v) => [v.id, v.displayBodyMessage]))).toEqual({
        a: 'body',
        b: 'changed',
      });
    });

    const item = { id: 'v1', displayBodyMessage: 'never' };
    it.each([
      ['organizationId', { organizationId: undefined }, 'data.organizationId'],
      ['documentId', { documentId: 5 }, 'data.documentId'],
      ['locationId', { locationId: ['l'] }, 'data.locationId'],
      ['userId', { userId: '' }, 'data.userId'],
      ['verifyUserPermissions', { verifyUserPermissions: 'yes' }, 'data.verifyUserPermissions'],
      ['notifications absent', { notifications: undefined }, 'data.notifications'],
      ['notifications empty', { notifications: [] }, 'data.notifications'],
      ['notifications not a list', { notifications: item }, 'data.notifications'],
      [
        'notifications too long',
        { notifications: Array.from({ length: 1001 }, (_, i) => ({ id: `x${i}` })) },
        'data.notifications',
      ],
      [
        'id absent',
        { notifications: [item, { displayBodyMessage: 'x' }] },
        'data.notifications[1].id',
      ],
      ['id pattern', { notifications: [{ id: 'has space' }] }, 'data.notifications[0].id'],
      ['id too long', { notifications: [{ id: 'x'.repeat(129) }] }, 'data.notifications[0].id'],
      ['id type', { notifications: [{ id: 7 }] }, 'data.notifications[0].id'],
      [
        'actionUser',
        { notifications: [{ ...item, actionUser: 'ann' }] },
        'data.notifications[0].actionUser',
      ],
      [
        'displayHeadlineMessageTemplate',
        { notifications: [{ ...item, displayHeadlineMessageTemplate: 1 }] },
        'data.notifications[0].displayHeadlineMessageTemplate',
      ],
      [
        'displayHeadlineMessageTemplateData',
        { notifications: [{ ...item, displayHeadlineMessageTemplateData: ['x'] }] },
        'data.notifications[0].displayHeadlineMessageTemplateData',
      ],
      [
        'displayBodyMessage',
        { notifications: [{ ...item, displayBodyMessage: 1 }] },
        'data.notifications[0].displayBodyMessage',
      ],
      [
        'notificationSourceData',
        { notifications: [{ ...item, notificationSourceData: 'x' }] },
        'data.notifications[0].notificationSourceData',
      ],
      [
        'readByUserIds type',
        { notifications: [{ ...item, readByUserIds: 'bob' }] },
        'data.notifications[0].readByUserIds',
      ],
      [
        'readByUserIds item',
        { notifications: [{ ...item, readByUserIds: ['bob', 3] }] },
        'data.notifications[0].readByUserIds',
      ],
      [
        'readByUserIds too long',
        {
          notifications: [
            { ...item, readByUserIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) },
          ],
        },
        'data.notifications[0].readByUserIds',
      ],
      [
        'persistReadForUsers',
        { notifications: [{ ...item, persistReadForUsers: 'yes' }] },
        'data.notifications[0].persistReadForUsers',
      ],
    ])('refuses a bad %s naming the field, writing nothing', async (_, change, field) => {
      await add('org-v', 'v1', { users: ['bob'] });
      const res = await update({
        organizationId: 'org-v',
        notifications: [{ ...item, readByUserIds: ['bob'] }, { id: 'v2' }],
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
      const [n] = await get({ organizationId: 'org-v', documentId: 'doc' });
      expect(n).toMatchObject({ displayBodyMessage: 'body', readByUserIds: [] });
    });
  });

  describe('delete', () => {
    it('deletes by ids, each id answered; a missing one fails alone', async () => {
      await add('org-di', 'a', { users: ['bob'] });
      await add('org-di', 'b', { users: ['bob'] });
      const res = await remove({ organizationId: 'org-di', notificationIds: ['a', 'ghost'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'Notification(s) deleted successfully.',
          data: { a: ok('a', DELETED), ghost: failed('ghost', DELETE_FAILED) },
        },
      });
      expect(await allIds('org-di', ['doc'])).toEqual(['b']);
      expect(idsOf(await get({ organizationId: 'org-di', userId: 'bob' }))).toEqual(['b']);
      const again = await remove({ organizationId: 'org-di', notificationIds: ['a', 'a', 'b'] });
      expect(again.body.result.data).toEqual({
        a: failed('a', 'Duplicate id in request'),
        b: ok('b', DELETED),
      });
    });

    it('takes the hosted notifications: [{id}] as notificationIds', async () => {
      await add('org-dh', 'a');
      await add('org-dh', 'b');
      const res = await remove({ organizationId: 'org-dh', notifications: [{ id: 'a' }] });
      expect(res.body.result.data).toEqual({ a: ok('a', DELETED) });
      expect(await allIds('org-dh', ['doc'])).toEqual(['b']);
    });

    it('deletes every notification of a document, and only those', async () => {
      await add('org-dd', 'a', { doc: 'd1' });
      await add('org-dd', 'b', { doc: 'd1', loc: 'l1' });
      await add('org-dd', 'c', { doc: 'd2' });
      const res = await remove({ organizationId: 'org-dd', documentId: 'd1' });
      expect(res.body.result.data).toEqual({ a: ok('a', DELETED), b: ok('b', DELETED) });
      expect(await allIds('org-dd', ['d1', 'd2'])).toEqual(['c']);
      const none = await remove({ organizationId: 'org-dd', documentId: 'd1' });
      expect(none.body.result.data).toEqual({});
    });

    it('deletes every notification of a location, across documents', async () => {
      await add('org-dl', 'a', { doc: 'd1', loc: 'l1' });
      await add('org-dl', 'b', { doc: 'd2', loc: 'l1' });
      await add('org-dl', 'c', { doc: 'd1', loc: 'l2' });
      await add('org-dl', 'd', { doc: 'd1' });
      const res = await remove({ organizationId: 'org-dl', locationId: 'l1' });
      expect(Object.keys(res.body.result.data).sort()).toEqual(['a', 'b']);
      expect(await allIds('org-dl', ['d1', 'd2'])).toEqual(['c', 'd']);
    });

    it("deletes a user's notifications: those addressed to them, not those for everyone", async () => {
      await add('org-du', 'mine', { users: ['bob'] });
      await add('org-du', 'shared', { users: ['bob', 'carl'], doc: 'd2' });
      await add('org-du', 'theirs', { users: ['carl'] });
      await add('org-du', 'everyone', { all: true });
      const res = await remove({ organizationId: 'org-du', userId: 'bob' });
      expect(res.body.result.data).toEqual({
        mine: ok('mine', DELETED),
        shared: ok('shared', DELETED),
      });
      expect(await allIds('org-du', ['doc', 'd2'])).toEqual(['everyone', 'theirs']);
      expect(idsOf(await get({ organizationId: 'org-du', userId: 'carl' }))).toEqual([
        'everyone',
        'theirs',
      ]);
    });

    it('combines every filter given, ids included', async () => {
      const specs: [string, Spec][] = [
        ['d1-l1-bob', { doc: 'd1', loc: 'l1', users: ['bob'] }],
        ['d1-l1-carl', { doc: 'd1', loc: 'l1', users: ['carl'] }],
        ['d1-l2-bob', { doc: 'd1', loc: 'l2', users: ['bob'] }],
        ['d2-l1-bob', { doc: 'd2', loc: 'l1', users: ['bob'] }],
        ['d2-l2-carl', { doc: 'd2', loc: 'l2', users: ['carl'] }],
        ['d2-bob', { doc: 'd2', users: ['bob'] }],
      ];
      for (const [id, spec] of specs) await add('org-dc', id, spec);
      const deleted = async (filter: Record<string, unknown>) =>
        Object.keys(
          (await remove({ organizationId: 'org-dc', ...filter })).body.result.data,
        ).sort();
      expect(await deleted({ documentId: 'd1', locationId: 'l1', userId: 'bob' })).toEqual([
        'd1-l1-bob',
      ]);
      expect(await deleted({ documentId: 'd1', userId: 'carl' })).toEqual(['d1-l1-carl']);
      expect(await deleted({ locationId: 'l1', userId: 'bob' })).toEqual(['d2-l1-bob']);
      const byIds = await remove({
        organizationId: 'org-dc',
        documentId: 'd2',
        userId: 'bob',
        notificationIds: ['d1-l2-bob', 'd2-l2-carl', 'd2-bob'],
      });
      expect(byIds.body.result.data).toEqual({
        'd1-l2-bob': failed('d1-l2-bob', DELETE_FAILED),
        'd2-l2-carl': failed('d2-l2-carl', DELETE_FAILED),
        'd2-bob': ok('d2-bob', DELETED),
      });
      expect(await allIds('org-dc', ['d1', 'd2'])).toEqual(['d1-l2-bob', 'd2-l2-carl']);
    });

    it('deletes more than 1000 matching in transactions of at most 1000', async () => {
      const ids = Array.from({ length: 1200 }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
      await seed('org-bulk', ids, { users: ['bob'] });
      await add('org-bulk', 'elsewhere', { doc: 'other' });
      const res = await remove({ organizationId: 'org-bulk', documentId: 'doc' });
      expect(res.status).toBe(200);
      const data = res.body.result.data as Record<string, unknown>;
      expect(Object.keys(data).sort()).toEqual(ids);
      expect(Object.values(data).every((r) => (r as { success: boolean }).success)).toBe(true);
      expect(await allIds('org-bulk', ['doc', 'other'])).toEqual(['elsewhere']);
      expect(await get({ organizationId: 'org-bulk', userId: 'bob' })).toEqual([]);
      const appends: { n: string }[] = await t.app.get(DataSource).query(
        `SELECT count(*) AS n FROM events
         WHERE type = 'notifications.notification-deleted' AND stream_id LIKE '%org-bulk%'
         GROUP BY transaction_id::text ORDER BY n DESC`,
      );
      expect(appends.map((a) => Number(a.n))).toEqual([1000, 200]);
    });

    it.each([
      ['organizationId', { organizationId: undefined, documentId: 'doc' }, 'data.organizationId'],
      ['nothing to delete by', {}, 'data.notificationIds'],
      [
        'both id lists',
        { notificationIds: ['a'], notifications: [{ id: 'a' }] },
        'data.notifications',
      ],
      ['notificationIds empty', { notificationIds: [] }, 'data.notificationIds'],
      ['notificationIds type', { notificationIds: 'a' }, 'data.notificationIds'],
      ['notificationIds pattern', { notificationIds: ['a', 'b c'] }, 'data.notificationIds'],
      ['notificationIds item type', { notificationIds: [1] }, 'data.notificationIds'],
      [
        'notificationIds too long',
        { notificationIds: Array.from({ length: 1001 }, (_, i) => `x${i}`) },
        'data.notificationIds',
      ],
      ['notifications empty', { notifications: [] }, 'data.notifications'],
      ['notifications item', { notifications: ['a'] }, 'data.notifications'],
      [
        'notifications id',
        { notifications: [{ id: 'a' }, { id: 'b c' }] },
        'data.notifications[1].id',
      ],
      ['notifications id absent', { notifications: [{}] }, 'data.notifications[0].id'],
      [
        'notifications too long',
        { notifications: Array.from({ length: 1001 }, (_, i) => ({ id: `x${i}` })) },
        'data.notifications',
      ],
      ['documentId', { documentId: 5 }, 'data.documentId'],
      ['locationId', { locationId: {} }, 'data.locationId'],
      ['userId', { userId: 'a\u0000b' }, 'data.userId'],
    ])('refuses a bad %s naming the field, deleting nothing', async (_, data, field) => {
      await add('org-dv', 'a');
      const res = await remove({ organizationId: 'org-dv', ...data });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
      expect(await allIds('org-dv', ['doc'])).toEqual(['a']);
    });
  });

  it("neither updates nor deletes another API key's notifications, same ids in both (D4.1)", async () => {
    for (const h of [headers, other]) {
      await add('org-t', 'same', { users: ['bob'] }, h);
      await add('org-t', 'also', { users: ['bob'] }, h);
    }
    await add('org-t', 'only-a', { users: ['bob'] });
    const foreign = await update(
      { organizationId: 'org-t', notifications: [{ id: 'only-a', displayBodyMessage: 'B' }] },
      other,
    );
    expect(foreign.body.result.data).toEqual({ 'only-a': failed('only-a', UPDATE_FAILED) });
    const byIds = await remove({ organizationId: 'org-t', notificationIds: ['only-a'] }, other);
    expect(byIds.body.result.data).toEqual({ 'only-a': failed('only-a', DELETE_FAILED) });
    await update(
      { organizationId: 'org-t', notifications: [{ id: 'same', displayBodyMessage: 'B' }] },
      other,
    );
    const [mine] = await get({
      organizationId: 'org-t',
      documentId: 'doc',
      notificationIds: ['same'],
    });
    expect(mine.displayBodyMessage).toBe('body');

    // B deletes its own, by id and then by user: A's same ids stay.
    const bSame = await remove({ organizationId: 'org-t', notificationIds: ['same'] }, other);
    expect(bSame.body.result.data).toEqual({ same: ok('same', DELETED) });
    const bUser = await remove({ organizationId: 'org-t', userId: 'bob' }, other);
    expect(bUser.body.result.data).toEqual({ also: ok('also', DELETED) });
    expect(await allIds('org-t', ['doc'], other)).toEqual([]);
    expect(await allIds('org-t', ['doc'])).toEqual(['also', 'only-a', 'same']);

    // A deletes by document: B's (re-added) notification with the same id stays.
    await add('org-t', 'same', {}, other);
    const aDoc = await remove({ organizationId: 'org-t', documentId: 'doc' });
    expect(Object.keys(aDoc.body.result.data).sort()).toEqual(['also', 'only-a', 'same']);
    expect(await allIds('org-t', ['doc'], other)).toEqual(['same']);
  });
});
