import { createTestApp, type TestApp } from '@app/testing';

type View = Record<string, any> & { id: string; timestamp: number };
type Res = { status: number; body: any };

// Operations 22 and 23 (D9.1–D9.4).
describe('notifications: add (23) and get (22)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let other: Record<string, string>;

  const add = (data: Record<string, unknown>, h = headers, path = '/v1/notifications/add') =>
    t.post(path, data, h) as Promise<Res>;
  const get = (data: Record<string, unknown>, h = headers) =>
    t.post('/v2/notifications/get', data, h) as Promise<Res>;
  const ids = (res: Res): string[] => (res.body.result.data as View[]).map((n) => n.id);
  const base = {
    organizationId: 'org',
    documentId: 'doc',
    actionUser: { userId: 'actor', name: 'Ann', email: 'ann@example.com' },
    displayHeadlineMessageTemplate: '{actionUser} did {thing}',
  };

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
    other = t.apiKeyHeaders(await t.createApiKey(ws));
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        folderId: 'secret-folder',
        createFolder: true,
        documents: [{ documentId: 'closed', accessType: 'restricted' }],
      },
      headers,
    );
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', documents: [{ documentId: 'doc' }, { documentId: 'doc2' }] },
      headers,
    );
    await t.post(
      '/v2/users/add',
      { organizationId: 'org', folderId: 'secret-folder', users: [{ userId: 'insider' }] },
      headers,
    );
  });
  afterAll(() => t.close());

  it('adds a notification (spec answer) and reads it back whole by document', async () => {
    const res = await add({
      ...base,
      notificationId: 'n-full_1',
      displayHeadlineMessageTemplateData: {
        actionUser: base.actionUser,
        recipientUser: { userId: 'bob' },
        thing: 'a thing',
      },
      displayBodyMessage: 'body',
      notifyUsers: [{ userId: 'bob', email: 'bob@example.com' }, { userId: 'carl' }],
      notifyAll: false,
      notificationSourceData: { any: ['thing'] },
      location: { id: 'loc-1', locationName: 'Page 1' },
      verifyUserPermissions: true,
      isNotificationResolverUsed: false,
      context: { access: { dashboardId: 'd1', n: 3 } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Notification added successfully.',
        data: { success: true, message: 'Notification added successfully.' },
      },
    });
    const read = await get({
      organizationId: 'org',
      documentId: 'doc',
      notificationIds: ['n-full_1'],
    });
    expect(read.body.result.message).toBe('Notification(s) retrieved successfully.');
    const [n] = read.body.result.data as View[];
    expect(n).toEqual({
      id: 'n-full_1',
      notificationSource: 'custom',
      actionUser: base.actionUser,
      timestamp: expect.any(Number),
      displayHeadlineMessageTemplate: '{actionUser} did {thing}',
      displayHeadlineMessageTemplateData: {
        actionUser: base.actionUser,
        recipientUser: { userId: 'bob' },
        thing: 'a thing',
      },
      displayBodyMessage: 'body',
      notificationSourceData: { any: ['thing'] },
      metadata: {
        apiKey: headers['x-service-api-key'],
        organizationId: 'org',
        documentId: 'doc',
        locationId: 'loc-1',
        location: { id: 'loc-1', locationName: 'Page 1' },
      },
      notifyUsers: { 'bob@example.com': true, carl: true },
      notifyUsersByUserId: { bob: true, carl: true },
      notifyAll: false,
      readByUserIds: [],
      verifyUserPermissions: true,
      isNotificationResolverUsed: false,
      context: { access: { dashboardId: 'd1', n: 3 } },
    });
    expect(Math.abs(n.timestamp - Date.now())).toBeLessThan(60_000);
  });

  it('serves the same operation at /v2/notifications/add', async () => {
    const res = await add({ ...base, notificationId: 'n-v2' }, headers, '/v2/notifications/add');
    expect(res.body.result.data).toEqual({
      success: true,
      message: 'Notification added successfully.',
    });
    expect(
      ids(await get({ organizationId: 'org', documentId: 'doc', notificationIds: ['n-v2'] })),
    ).toEqual(['n-v2']);
  });

  it('replaces a notification whose id exists: a retried call never duplicates (D9.1)', async () => {
    await add({ ...base, notificationId: 'n-retry', displayBodyMessage: 'first' });
    await add({ ...base, notificationId: 'n-retry', displayBodyMessage: 'second' });
    const read = await get({
      organizationId: 'org',
      documentId: 'doc',
      notificationIds: ['n-retry'],
    });
    expect(read.body.result.data).toHaveLength(1);
    expect(read.body.result.data[0].displayBodyMessage).toBe('second');
  });

  it('makes an id when none is given, and notifyAll defaults to true (D9.4)', async () => {
    const before = ids(await get({ organizationId: 'org', documentId: 'doc2' }));
    expect(before).toEqual([]);
    await add({ ...base, documentId: 'doc2' });
    const [n] = (await get({ organizationId: 'org', documentId: 'doc2' })).body.result
      .data as View[];
    expect(n.id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(n.notifyAll).toBe(true);
    expect(n.notifyUsers).toEqual({});
  });

  it('needs the organization and document unless asked to make them (D9.1)', async () => {
    const noOrg = await add({ ...base, organizationId: 'org-new', documentId: 'd-new' });
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.error.status).toBe('NOT_FOUND');
    const noDoc = await add({
      ...base,
      organizationId: 'org-new',
      documentId: 'd-new',
      createOrganization: true,
    });
    expect(noDoc.status).toBe(404);
    // Nothing of the failed call is stored: the organization was not made either.
    const orgs = await t.post('/v2/organizations/get', { organizationIds: ['org-new'] }, headers);
    expect(orgs.body.result.data).toEqual([]);
    const made = await add({
      ...base,
      organizationId: 'org-new',
      documentId: 'd-new',
      createOrganization: true,
      createDocument: true,
    });
    expect(made.status).toBe(200);
    const docs = await t.post(
      '/v1/organizations/documents/get',
      { organizationId: 'org-new' },
      headers,
    );
    expect(docs.body.result.data.map((d: { id: string }) => d.id)).toEqual(['d-new']);
    expect(ids(await get({ organizationId: 'org-new', documentId: 'd-new' }))).toHaveLength(1);
  });

  it.each([
    ['notificationId', { notificationId: 'has space' }, 'data.notificationId'],
    ['notificationId', { notificationId: 'x'.repeat(129) }, 'data.notificationId'],
    ['notificationId', { notificationId: 'dot.ted' }, 'data.notificationId'],
    ['actionUser', { actionUser: undefined }, 'data.actionUser'],
    ['organizationId', { organizationId: undefined }, 'data.organizationId'],
    ['documentId', { documentId: 7 }, 'data.documentId'],
    [
      'template',
      { displayHeadlineMessageTemplate: undefined },
      'data.displayHeadlineMessageTemplate',
    ],
    ['notifyUsers item', { notifyUsers: [{ name: 'nobody' }] }, 'data.notifyUsers[0].userId'],
    ['notifyUsers', { notifyUsers: 'bob' }, 'data.notifyUsers'],
    ['notifyAll', { notifyAll: 'yes' }, 'data.notifyAll'],
    ['context', { context: { access: 'x' } }, 'data.context.access'],
  ])('refuses a bad %s naming the field, storing nothing', async (_, change, field) => {
    const res = await add({ ...base, notificationId: 'n-bad', ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe(field);
    expect(
      ids(await get({ organizationId: 'org', documentId: 'doc', notificationIds: ['n-bad'] })),
    ).toEqual([]);
  });

  it('allows no template when the notification resolver is used', async () => {
    const res = await add({
      ...base,
      notificationId: 'n-resolved',
      displayHeadlineMessageTemplate: undefined,
      isNotificationResolverUsed: true,
    });
    expect(res.status).toBe(200);
  });

  describe('filters, order and pages', () => {
    // Six notifications on two documents and two locations, for two users and everyone.
    beforeAll(async () => {
      const specs: [string, string, string | null, string[], boolean][] = [
        ['f1', 'doc', 'l1', ['u1'], false],
        ['f2', 'doc', 'l2', ['u2'], false],
        ['f3', 'doc', 'l1', [], true],
        ['f4', 'doc2', 'l1', ['u1'], false],
        ['f5', 'doc2', null, ['u1', 'u2'], false],
        ['f6', 'closed', null, [], true],
      ];
      for (const [id, documentId, loc, users, all] of specs) {
        await add({
          ...base,
          organizationId: 'org-f',
          createOrganization: true,
          createDocument: true,
          documentId,
          notificationId: id,
          notifyUsers: users.map((userId) => ({ userId })),
          notifyAll: all,
          ...(loc && { location: { id: loc } }),
        });
      }
      await t.post(
        '/v2/organizations/documents/add',
        {
          organizationId: 'org-f',
          documents: [{ documentId: 'closed-f', accessType: 'restricted' }],
        },
        headers,
      );
    });
    const q = (data: Record<string, unknown>) => get({ organizationId: 'org-f', ...data });

    it.each([
      ['document', { documentId: 'doc' }, ['f3', 'f2', 'f1']],
      ['document + ids', { documentId: 'doc', notificationIds: ['f1', 'f4'] }, ['f1']],
      ['document + location', { documentId: 'doc', locationId: 'l1' }, ['f3', 'f1']],
      [
        'document + location + ids',
        { documentId: 'doc', locationId: 'l1', notificationIds: ['f3', 'f2'] },
        ['f3'],
      ],
      ['user', { userId: 'u1' }, ['f6', 'f5', 'f4', 'f3', 'f1']],
      ['user + ids', { userId: 'u1', notificationIds: ['f2', 'f5'] }, ['f5']],
      ['document + user', { documentId: 'doc', userId: 'u2' }, ['f3', 'f2']],
      ['user + location', { userId: 'u1', locationId: 'l1' }, ['f4', 'f3', 'f1']],
      [
        'document + user + location',
        { documentId: 'doc', userId: 'u1', locationId: 'l1' },
        ['f3', 'f1'],
      ],
    ])('by %s', async (_, filter, expected) => {
      const res = await q(filter);
      expect(res.status).toBe(200);
      expect(ids(res)).toEqual(expected);
    });

    it('asc reverses the order', async () => {
      expect(ids(await q({ documentId: 'doc', order: 'asc' }))).toEqual(['f1', 'f2', 'f3']);
    });

    it('needs documentId or userId, and a known order (D9.3)', async () => {
      const neither = await q({ locationId: 'l1' });
      expect(neither.status).toBe(400);
      expect(neither.body.error.details.fields[0].field).toBe('data.documentId');
      const order = await q({ documentId: 'doc', order: 'newest' });
      expect(order.body.error.details.fields[0].field).toBe('data.order');
    });

    it('shows a notification for everyone on a restricted document only to its users (D9.3)', async () => {
      // f6 is on `closed` of org-f, which was made public by createDocument; org's `closed` is restricted.
      await add({ ...base, documentId: 'closed', notificationId: 'r1', notifyAll: true });
      expect(
        ids(await get({ organizationId: 'org', userId: 'stranger', notificationIds: ['r1'] })),
      ).toEqual([]);
      expect(
        ids(await get({ organizationId: 'org', userId: 'insider', notificationIds: ['r1'] })),
      ).toEqual(['r1']);
      await add({
        ...base,
        documentId: 'closed',
        notificationId: 'r2',
        notifyAll: false,
        notifyUsers: [{ userId: 'stranger' }],
      });
      expect(
        ids(
          await get({ organizationId: 'org', userId: 'stranger', notificationIds: ['r1', 'r2'] }),
        ),
      ).toEqual(['r2']);
    });

    it('marks isUnread for the user asked about, and only then', async () => {
      const byUser = (await q({ userId: 'u1', notificationIds: ['f1'] })).body.result
        .data as View[];
      expect(byUser[0].isUnread).toBe(true);
      const byDoc = (await q({ documentId: 'doc', notificationIds: ['f1'] })).body.result
        .data as View[];
      expect(byDoc[0]).not.toHaveProperty('isUnread');
    });

    it.each([
      ['document', { documentId: 'doc' }],
      ['user', { userId: 'u1' }],
      ['user, ascending', { userId: 'u1', order: 'asc' }],
    ])('pages by %s with result.pageToken, each row once', async (_, filter) => {
      const all = ids(await q(filter));
      const seen: string[] = [];
      let pageToken: string | undefined;
      do {
        const res = await q({ ...filter, pageSize: 2, ...(pageToken && { pageToken }) });
        expect(res.status).toBe(200);
        seen.push(...ids(res));
        pageToken = res.body.result.pageToken;
      } while (pageToken);
      expect(seen).toEqual(all);
      expect(all.length).toBeGreaterThan(2);
    });

    it('refuses a changed token or a token of other filters', async () => {
      const first = await q({ documentId: 'doc', pageSize: 1 });
      const token = first.body.result.pageToken as string;
      const changed = await q({
        documentId: 'doc',
        pageSize: 1,
        pageToken: token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      });
      expect(changed.body.error.details.fields[0].field).toBe('data.pageToken');
      const otherFilter = await q({ documentId: 'doc2', pageSize: 1, pageToken: token });
      expect(otherFilter.status).toBe(400);
    });
  });

  it("never shows another API key's notifications, nor lets it replace one (D4.1)", async () => {
    expect(ids(await get({ organizationId: 'org', documentId: 'doc' }, other))).toEqual([]);
    expect(ids(await get({ organizationId: 'org', userId: 'bob' }, other))).toEqual([]);
    const theirs = await add(
      {
        ...base,
        notificationId: 'n-full_1',
        createOrganization: true,
        createDocument: true,
        displayBodyMessage: 'theirs',
      },
      other,
    );
    expect(theirs.status).toBe(200);
    const mine = await get({
      organizationId: 'org',
      documentId: 'doc',
      notificationIds: ['n-full_1'],
    });
    expect(mine.body.result.data[0].displayBodyMessage).toBe('body');
  });
});
