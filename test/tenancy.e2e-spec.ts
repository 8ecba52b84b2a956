import request from 'supertest';
import { DataSource } from 'typeorm';
import { unsubscribeKey, unsubscribeUrl } from '@app/email';
import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';

// D4.1: two API keys of one workspace, using the same ids; neither reaches the other's data.
describe('tenancy of organizations, folders and documents (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await t.post(
      '/v1/organizations/add',
      { organizations: [{ organizationId: 'shared', organizationName: 'A org' }] },
      a,
    );
    await t.post(
      '/v2/organizations/folders/add',
      { organizationId: 'shared', folders: [{ folderId: 'f', folderName: 'A folder' }] },
      a,
    );
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'shared',
        folderId: 'f',
        documents: [{ documentId: 'd', documentName: 'A doc' }],
      },
      a,
    );
  });
  afterAll(() => t.close());

  async function aStillHasEverything() {
    const org = await t.post('/v2/organizations/get', { organizationIds: ['shared'] }, a);
    expect(org.body.result.data).toEqual([
      expect.objectContaining({ id: 'shared', organizationName: 'A org', disabled: false }),
    ]);
    const folders = await t.post('/v2/organizations/folders/get', { organizationId: 'shared' }, a);
    expect(folders.body.result.data).toEqual([
      expect.objectContaining({ folderId: 'f', folderName: 'A folder' }),
    ]);
    const docs = await t.post('/v1/organizations/documents/get', { organizationId: 'shared' }, a);
    expect(docs.body.result.data).toEqual([
      expect.objectContaining({ id: 'd', documentName: 'A doc', folderId: 'f' }),
    ]);
  }

  it('B reads nothing of A', async () => {
    expect((await t.post('/v2/organizations/get', {}, b)).body.result.data).toEqual([]);
    expect(
      (await t.post('/v2/organizations/get', { organizationIds: ['shared'] }, b)).body.result.data,
    ).toEqual([]);
    expect(
      (await t.post('/v2/organizations/folders/get', { organizationId: 'shared' }, b)).body.result
        .data,
    ).toEqual([]);
    expect(
      (await t.post('/v1/organizations/documents/get', { organizationId: 'shared' }, b)).body.result
        .data,
    ).toEqual([]);
    // The hosted path's folder filter and pages reach no further (D6.8).
    for (const data of [{}, { folderId: 'f' }, { documentIds: ['d'], pageSize: 1 }]) {
      const page = await t.post(
        '/v2/organizations/documents/get',
        { organizationId: 'shared', ...data },
        b,
      );
      expect(page.body.result).toEqual({
        status: 'success',
        message: 'Document(s) retrieved successfully.',
        data: [],
      });
    }
  });

  it('B updates, deletes and moves nothing of A', async () => {
    const update = await t.post(
      '/v2/organizations/update',
      {
        organizations: [{ organizationId: 'shared', organizationName: 'hijacked', disabled: true }],
      },
      b,
    );
    expect(update.body.result.data.shared).toMatchObject({ success: false });
    const folders = await t.post(
      '/v1/organizations/folders/update',
      { organizationId: 'shared', folders: [{ folderId: 'f', folderName: 'hijacked' }] },
      b,
    );
    expect(folders.status).toBe(404);
    const addDoc = await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'shared', documents: [{ documentId: 'd' }] },
      b,
    );
    expect(addDoc.status).toBe(404);
    const del = await t.post(
      '/v1/organizations/documents/delete',
      { organizationId: 'shared', documentIds: ['d'] },
      b,
    );
    expect(del.body.result.data.d).toEqual({
      success: true,
      id: 'd',
      message: 'Document does not exist',
    });
    const hostedDelete = await t.post(
      '/v2/organizations/documents/delete',
      { organizationId: 'shared', documentIds: ['d'] },
      b,
    );
    expect(hostedDelete.body.result.data.d).toMatchObject({ success: false, code: 'not-found' });
    const hostedMove = await t.post(
      '/v2/organizations/folders/update',
      { organizationId: 'shared', folders: [{ folderId: 'f', folderName: 'hijacked' }] },
      b,
    );
    expect(hostedMove.status).toBe(404);
    const migrate = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'shared', documentId: 'd', newDocumentId: 'stolen' },
      b,
    );
    const migrationId = migrate.body.result.data.migrationId;
    const failed = await waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'shared', migrationId },
        b,
      );
      return res.body.result.data.status === 'failed' ? res.body.result.data : undefined;
    });
    expect(failed.error).toBe('Source document does not exist');
    await aStillHasEverything();
  });

  it("B cannot read A's migration, and the same ids under B are B's own", async () => {
    const mine = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'shared', documentId: 'd', newDocumentId: 'd2' },
      a,
    );
    const migrationId = mine.body.result.data.migrationId;
    const foreign = await t.post(
      '/v2/organizations/documents/migrate/status',
      { organizationId: 'shared', migrationId },
      b,
    );
    expect(foreign.status).toBe(404);
    await waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'shared', migrationId },
        a,
      );
      return res.body.result.data.status === 'completed' ? true : undefined;
    });

    const own = await t.post(
      '/v1/organizations/add',
      { organizations: [{ organizationId: 'shared', organizationName: 'B org' }] },
      b,
    );
    expect(own.body.result.data.shared.success).toBe(true);
    // Adding it again updates B's own (D5.3), never A's.
    const again = await t.post(
      '/v2/organizations/add',
      { organizations: [{ organizationId: 'shared', organizationName: 'B org 2' }] },
      b,
    );
    expect(again.body.result.data.shared.success).toBe(true);
    const bOrg = await t.post('/v2/organizations/get', {}, b);
    expect(bOrg.body.result.data).toEqual([
      expect.objectContaining({ organizationName: 'B org 2' }),
    ]);
    const aOrg = await t.post('/v2/organizations/get', {}, a);
    expect(aOrg.body.result.data).toEqual([expect.objectContaining({ organizationName: 'A org' })]);
  });
});

// D4.1 for notifications and their settings: another API key of the same workspace, using
// the same ids, neither reads nor changes them.
describe('tenancy of notifications (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const org = { organizationId: 'shared' };
  const ann = { userId: 'ann', name: 'Ann Only-A', email: 'ann@a.example' };
  const note = (notificationId: string, extra: Record<string, unknown> = {}) => ({
    ...org,
    documentId: 'd',
    notificationId,
    actionUser: ann,
    displayHeadlineMessageTemplate: 'A only',
    notifyUsers: [ann],
    notifyAll: false,
    ...extra,
  });
  const settingsOf = (h: Record<string, string>, userId: string) =>
    t.post(
      '/v2/notifications/config/get',
      { ...org, userId, documentIds: ['d'], getOrganizationConfig: true },
      h,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await t.post(
      '/v2/organizations/documents/add',
      { ...org, createOrganization: true, documents: [{ documentId: 'd' }] },
      a,
    );
    await t.post('/v1/notifications/add', note('n1'), a);
    await t.post('/v1/notifications/add', note('n2', { notifyAll: true }), a);
    await t.post(
      '/v2/notifications/config/set',
      { ...org, documentIds: ['d'], userIds: ['ann'], config: { inbox: 'NONE', email: 'ALL' } },
      a,
    );
  });
  afterAll(() => t.close());

  async function aStillHasThem() {
    const byDoc = await t.post('/v2/notifications/get', { ...org, documentId: 'd' }, a);
    expect(byDoc.body.result.data).toEqual([
      expect.objectContaining({
        id: 'n2',
        actionUser: ann,
        displayHeadlineMessageTemplate: 'A only',
        readByUserIds: [],
      }),
      expect.objectContaining({
        id: 'n1',
        actionUser: ann,
        notifyUsersByUserId: { ann: true },
        displayHeadlineMessageTemplate: 'A only',
        readByUserIds: [],
      }),
    ]);
    const inbox = await t.post('/v2/notifications/get', { ...org, userId: 'ann' }, a);
    expect(inbox.body.result.data.map((n: { id: string }) => n.id)).toEqual(['n2', 'n1']);
    const settings = await settingsOf(a, 'ann');
    expect(JSON.stringify(settings.body.result.data[1].config)).toContain('NONE');
  }

  it("B reads none of A's notifications or settings", async () => {
    await aStillHasThem();
    for (const filter of [{ documentId: 'd' }, { userId: 'ann' }, { userId: 'other' }]) {
      const res = await t.post('/v2/notifications/get', { ...org, ...filter }, b);
      expect(res.text).not.toContain('A only');
      expect(res.body.result.data).toEqual([]);
    }
    // What B sees for A's user is what B sees for anyone who set nothing.
    const theirs = await settingsOf(b, 'ann');
    expect(theirs.status).toBe(200);
    expect(theirs.body.result.data.map((v: { config: unknown }) => v.config)).toEqual(
      (await settingsOf(b, 'nobody')).body.result.data.map((v: { config: unknown }) => v.config),
    );
  });

  it("B updates, deletes, replaces, erases and moves nothing of A's", async () => {
    const update = await t.post(
      '/v2/notifications/update',
      {
        ...org,
        notifications: [
          { id: 'n1', displayHeadlineMessageTemplate: 'hijacked', readByUserIds: ['ann'] },
        ],
      },
      b,
    );
    expect(update.body.result.data.n1).toMatchObject({ success: false });
    const del = await t.post('/v2/notifications/delete', { ...org, notificationIds: ['n1'] }, b);
    expect(del.body.result.data.n1).toMatchObject({ success: false });
    for (const scope of [{ documentId: 'd' }, { userId: 'ann' }]) {
      const all = await t.post('/v2/notifications/delete', { ...org, ...scope }, b);
      expect(all.status).toBeLessThan(500);
      expect(JSON.stringify(all.body)).not.toContain('"success":true');
    }
    // The same ids under B: NOT_FOUND without B's own organization, then B's own notification.
    const add = await t.post('/v1/notifications/add', note('n1'), b);
    expect(add.status).toBe(404);
    const own = await t.post(
      '/v1/notifications/add',
      note('n1', {
        displayHeadlineMessageTemplate: 'B own',
        createOrganization: true,
        createDocument: true,
      }),
      b,
    );
    expect(own.status).toBe(200);
    const bRead = await t.post('/v2/notifications/get', { ...org, documentId: 'd' }, b);
    expect(bRead.body.result.data).toEqual([
      expect.objectContaining({ id: 'n1', displayHeadlineMessageTemplate: 'B own' }),
    ]);
    const set = await t.post(
      '/v2/notifications/config/set',
      { ...org, documentIds: ['d'], userIds: ['ann'], config: { inbox: 'ALL' } },
      b,
    );
    expect(set.status).toBe(200);
    // B's user data deletion of A's user erases B's data only.
    const erase = await t.post('/v2/users/data/delete', { userIds: ['ann'] }, b);
    expect(erase.status).toBe(202);
    await waitFor(async () => {
      const res = await t.post('/v1/users/data/delete/status', { jobId: erase.body.data.jobId }, b);
      return res.body.result?.data?.isDeleteCompleted ? true : undefined;
    });
    expect(
      (await t.post('/v2/notifications/get', { ...org, documentId: 'd' }, b)).body.result.data,
    ).toEqual([]);
    const migrate = await t.post(
      '/v2/organizations/documents/migrate',
      { ...org, documentId: 'd', newDocumentId: 'stolen' },
      b,
    );
    const migrationId = migrate.body.result.data.migrationId;
    await waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/documents/migrate/status',
        { ...org, migrationId },
        b,
      );
      return res.body.result.data.status === 'completed' ? true : undefined;
    });
    await t.settle();
    await aStillHasThem();
  });
});

// D4.1 for activity records and the activity config: another API key of the same workspace,
// using the same ids, neither reads nor changes them.
describe('tenancy of activity logs (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const org = { organizationId: 'shared' };
  const ann = { userId: 'ann', name: 'Ann Only-A', email: 'ann@a.example' };
  const record = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    featureType: 'custom',
    actionType: 'invoice.paid',
    actionUser: ann,
    targetEntityId: 'invoice-1',
    displayMessageTemplate: 'A only',
    ...extra,
  });
  const enable = (h: Record<string, string>, immutable = false) =>
    t.post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { isEnabled: true, immutable } },
      h,
    );
  const read = async (h: Record<string, string>, filter: Record<string, unknown> = {}) => {
    const res = await t.post('/v2/activities/get', { ...org, ...filter }, h);
    expect(res.status).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await t.post(
      '/v2/organizations/documents/add',
      { ...org, createOrganization: true, documents: [{ documentId: 'd' }] },
      a,
    );
    await enable(a);
    await enable(b);
    // Checked by every test (aStillHasThem): two records, then one A made immutable.
    await t.post(
      '/v2/activities/add',
      { ...org, documentId: 'd', activities: [record('a1'), record('a2')] },
      a,
    );
    await enable(a, true);
    await t.post('/v2/activities/add', { ...org, documentId: 'd', activities: [record('a3')] }, a);
  });
  afterAll(() => t.close());

  async function aStillHasThem() {
    const mine = await read(a, { documentId: 'd', order: 'asc' });
    expect(mine.body.result.data).toEqual([
      expect.objectContaining({ id: 'a1', actionUser: ann, displayMessageTemplate: 'A only' }),
      expect.objectContaining({ id: 'a2', actionUser: ann, displayMessageTemplate: 'A only' }),
      expect.objectContaining({ id: 'a3', immutable: true }),
    ]);
    const config = await t.post('/v2/workspace/activityconfig/get', {}, a);
    expect(config.body.result.data.activityServiceConfig).toMatchObject({
      isEnabled: true,
      immutable: true,
    });
  }

  it("B reads none of A's records, and A's page token is refused to B", async () => {
    await aStillHasThem();
    const filters = [
      {},
      { documentId: 'd' },
      { targetEntityId: 'invoice-1' },
      { userId: 'ann' },
      { activityIds: ['a1', 'a2', 'a3'] },
      { featureTypes: ['custom'], actionTypes: ['invoice.paid'] },
    ];
    for (const filter of filters) {
      const res = await read(b, filter);
      expect(res.text).not.toContain('A only');
      expect({ filter, data: res.body.result.data }).toEqual({ filter, data: [] });
    }
    const page = await read(a, { pageSize: 1 });
    const token = page.body.result.pageToken;
    expect(typeof token).toBe('string');
    const stolen = await t.post('/v2/activities/get', { ...org, pageSize: 1, pageToken: token }, b);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.status).toBe('INVALID_ARGUMENT');
    expect(stolen.text).not.toContain('A only');
  });

  it("B updates, deletes, replaces, erases and moves nothing of A's; its config is its own", async () => {
    const update = await t.post(
      '/v2/activities/update',
      { ...org, activities: [{ id: 'a1', displayMessageTemplate: 'hijacked' }] },
      b,
    );
    expect(update.body.result.data.a1).toMatchObject({ success: false });
    const del = await t.post('/v2/activities/delete', { ...org, activityIds: ['a1', 'a3'] }, b);
    for (const id of ['a1', 'a3'])
      expect(del.body.result.data[id]).toMatchObject({ success: false });
    for (const scope of [{ documentId: 'd' }, { targetEntityId: 'invoice-1' }]) {
      const all = await t.post('/v2/activities/delete', { ...org, ...scope }, b);
      expect(all.status).toBeLessThan(500);
      expect(JSON.stringify(all.body)).not.toContain('"success":true');
    }
    // The same ids under B: NOT_FOUND without B's own organization, then B's own records.
    const add = await t.post(
      '/v2/activities/add',
      { ...org, documentId: 'd', activities: [record('a1')] },
      b,
    );
    expect(add.status).toBe(404);
    await t.post(
      '/v2/organizations/documents/add',
      { ...org, createOrganization: true, documents: [{ documentId: 'd' }] },
      b,
    );
    const own = await t.post(
      '/v2/activities/add',
      {
        ...org,
        documentId: 'd',
        activities: [record('a1', { displayMessageTemplate: 'B own' }), record('a3')],
      },
      b,
    );
    expect(own.status).toBe(200);
    expect((await read(b, { documentId: 'd' })).body.result.data).toEqual([
      expect.objectContaining({ id: 'a3', immutable: false }),
      expect.objectContaining({ id: 'a1', displayMessageTemplate: 'B own' }),
    ]);
    // B's switch and settings change B's config only.
    await t.post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { isEnabled: false, immutable: false } },
      b,
    );
    // B's user data deletion of A's user erases B's records only.
    const erase = await t.post('/v2/users/data/delete', { userIds: ['ann'] }, b);
    expect(erase.status).toBe(202);
    await waitFor(async () => {
      const res = await t.post('/v1/users/data/delete/status', { jobId: erase.body.data.jobId }, b);
      return res.body.result?.data?.isDeleteCompleted ? true : undefined;
    });
    const erased = await read(b, { documentId: 'd' });
    expect(erased.text).not.toContain('ann@a.example');
    // B's migration of its document moves B's records only.
    const migrate = await t.post(
      '/v2/organizations/documents/migrate',
      { ...org, documentId: 'd', newDocumentId: 'moved' },
      b,
    );
    const migrationId = migrate.body.result.data.migrationId;
    await waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/documents/migrate/status',
        { ...org, migrationId },
        b,
      );
      return res.body.result.data.status === 'completed' ? true : undefined;
    });
    await t.settle();
    expect((await read(b, { documentId: 'moved' })).body.result.data).toHaveLength(2);
    expect((await read(a, { documentId: 'moved' })).body.result.data).toEqual([]);
    await aStillHasThem();
    // A's switch is still on: A can still add.
    const more = await t.post(
      '/v2/activities/add',
      { ...org, documentId: 'd', activities: [record('a4')] },
      a,
    );
    expect(more.status).toBe(200);
  });
});

// D4.1 for the console config of D3.4: each API key reads and changes its own config only,
// its own AI provider keys included.
describe('tenancy of apikeyconfig (D4.1, D3.4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a key's options and provider keys are never another key's, in its workspace or another", async () => {
    const ws = await t.createWorkspace();
    const a = t.apiKeyHeaders(ws);
    const b = t.apiKeyHeaders(await t.createApiKey(ws));
    const c = t.apiKeyHeaders(await t.createWorkspace('other@example.com'));
    const get = async (h: Record<string, string>) =>
      (await t.post('/v2/workspace/apikeyconfig/get', {}, h)).body.result.data;
    const [b0, c0] = [await get(b), await get(c)];
    const set = await t.post(
      '/v2/workspace/apikeyconfig/update',
      {
        enablePrivateComments: true,
        requireJwtToken: true,
        defaultDocumentAccessType: 'restricted',
        aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-only-a-1234' }],
      },
      a,
    );
    expect(set.status).toBe(200);
    expect(await get(b)).toEqual(b0);
    expect(await get(c)).toEqual(c0);
    const a1 = await get(a);
    expect(a1.aiModelsConfig).toEqual({ openai: { displayText: '...1234' } });
    for (const h of [b, c]) {
      await t.post('/v2/workspace/apikeyconfig/update', { requireAutoOrgUser: true }, h);
    }
    expect(await get(a)).toEqual(a1);
  });
});

describe('tenancy of users (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const place = { organizationId: 'shared', documentId: 'd' };
  const everyDocument = (h: Record<string, string>, more: Record<string, unknown> = {}) =>
    t.post('/v2/users/get', { organizationId: 'shared', allDocuments: true, ...more }, h);

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await t
      .post(
        '/v2/users/add',
        {
          ...place,
          createOrganization: true,
          createDocument: true,
          users: [{ userId: 'ann', name: 'A secret' }, { userId: 'amy' }],
        },
        a,
      )
      .expect(200);
  });
  afterAll(() => t.close());

  it("B reads none of A's document users, listed or grouped, and A's page token is refused to B", async () => {
    expect((await everyDocument(b)).body.result.data).toEqual([]);
    expect((await everyDocument(b, { groupByDocumentId: true })).body.result.data).toEqual({});
    const mine = await everyDocument(a, { pageSize: 1 });
    expect(mine.body.result.data).toEqual([{ userId: 'amy', name: '', email: '' }]);
    const stolen = await everyDocument(b, {
      pageSize: 1,
      pageToken: mine.body.result.nextPageToken,
    });
    expect(stolen.status).toBe(400);
  });

  it("B's users/add neither finds A's organization or document nor touches them when it makes its own", async () => {
    const refused = await t.post('/v2/users/add', { ...place, users: [{ userId: 'bo' }] }, b);
    expect(refused.status).toBe(404);
    const own = await t.post(
      '/v2/users/add',
      {
        ...place,
        createOrganization: true,
        createDocument: true,
        users: [{ userId: 'ann', name: 'B ann' }],
      },
      b,
    );
    expect(own.body.result.data.ann).toMatchObject({ success: true });
    expect((await everyDocument(b, { groupByDocumentId: true })).body.result.data).toEqual({
      d: [{ userId: 'ann', name: 'B ann', email: '' }],
    });
    expect((await everyDocument(a, { groupByDocumentId: true })).body.result.data).toEqual({
      d: [
        { userId: 'amy', name: '', email: '' },
        { userId: 'ann', name: 'A secret', email: '' },
      ],
    });
    const docs = await t.post('/v1/organizations/documents/get', { organizationId: 'shared' }, a);
    expect(docs.body.result.data).toEqual([expect.objectContaining({ id: 'd' })]);
  });
});

// D4.1 for every filter of /v2/commentannotations/get: a second key using the same ids, in
// its own organization, folder and documents, never reads the first key's annotations.
describe('tenancy of comment annotation reads (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const org = { organizationId: 'shared' };

  const setUp = async (h: Record<string, string>, author: string) => {
    await t.post(
      '/v2/organizations/folders/add',
      { ...org, createOrganization: true, folders: [{ folderId: 'f', folderName: 'F' }] },
      h,
    );
    await t.post(
      '/v2/organizations/documents/add',
      { ...org, folderId: 'f', documents: [{ documentId: 'd' }] },
      h,
    );
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        ...org,
        documentId: 'd',
        commentAnnotations: [
          {
            annotationId: 'x',
            location: { id: 'L' },
            status: { id: 'OPEN', type: 'default' },
            commentData: [{ from: { userId: author }, taggedUserContacts: [{ userId: 'tag' }] }],
          },
        ],
      },
      h,
    );
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await setUp(a, 'ann');
  });
  afterAll(() => t.close());

  const FILTERS = [
    {},
    { documentId: 'd' },
    { documentIds: ['d'], groupByDocumentId: true },
    { folderId: 'f' },
    { annotationIds: ['x'] },
    { locationIds: ['L'] },
    { userIds: ['ann'] },
    { mentionedUserIds: ['tag'] },
    { statusIds: ['OPEN'] },
    { createdAfter: 0, updatedAfter: 0, order: 'asc' },
  ];
  const read = (h: Record<string, string>, filter: object) =>
    t.post('/v2/commentannotations/get', { ...org, ...filter }, h);

  it("B reads none of A's annotations by any filter, before and after making its own", async () => {
    for (const filter of FILTERS) {
      const res = await read(b, filter);
      expect({ filter, status: res.status }).toEqual({ filter, status: 200 });
      expect({ filter, data: res.body.result.data }).toEqual({
        filter,
        data: 'groupByDocumentId' in filter ? {} : [],
      });
    }
    await setUp(b, 'ann');
    for (const filter of FILTERS) {
      const mine = await read(b, filter);
      const theirs = await read(a, filter);
      const only = (data: unknown) =>
        (Array.isArray(data) ? data : Object.values(data as object).flat()).map(
          (v: { metadata: { apiKey: string } }) => v.metadata.apiKey,
        );
      expect({ filter, keys: only(mine.body.result.data) }).toEqual({
        filter,
        keys: [b['x-service-api-key']],
      });
      expect({ filter, keys: only(theirs.body.result.data) }).toEqual({
        filter,
        keys: [a['x-service-api-key']],
      });
    }
    // Resolved by nobody in either key.
    expect((await read(b, { resolvedBy: 'ann' })).body.result.data).toEqual([]);
  });
});

describe('tenancy of workspace reads, allowed domains and API key names (D4.1, D2.3)', () => {
  let t: TestApp;
  let a: TestWorkspace;
  let b: TestWorkspace;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createWorkspace('a@example.com');
    b = await t.createWorkspace('b@example.com');
    await t.post('/v2/workspace/domains/add', { domains: ['a.example.com'] }, t.apiKeyHeaders(a));
    await t.post(
      '/v2/workspace/apikey/update',
      { apiKey: a.apiKey, apiKeyName: 'A key' },
      t.workspaceHeaders(a),
    );
  });
  afterAll(() => t.close());

  async function aIsUnchanged() {
    const domains = await t.post('/v2/workspace/domains/get', {}, t.apiKeyHeaders(a));
    expect(domains.body.result.data).toEqual({ allowedDomains: ['a.example.com'] });
    const keys = await t.post('/v2/workspace/apikeys/get', {}, t.workspaceHeaders(a));
    expect(keys.body.result.data).toEqual([{ id: a.apiKey, apiKeyName: 'A key', type: 'testing' }]);
  }

  it("B reads none of A's domains, keys or workspace", async () => {
    const domains = await t.post('/v2/workspace/domains/get', {}, t.apiKeyHeaders(b));
    expect(domains.body.result.data).toEqual({ allowedDomains: [] });
    const keys = await t.post(
      '/v2/workspace/apikeys/get',
      { apiKeys: [a.apiKey, b.apiKey] },
      t.workspaceHeaders(b),
    );
    expect(keys.body.result.data.map((k: { id: string }) => k.id)).toEqual([b.apiKey]);
    const space = await t.post('/v2/workspace/get', {}, t.workspaceHeaders(b));
    expect(space.body.result.data.id).toBe(b.workspaceId);
    expect(Object.keys(space.body.result.data.apiKeyList)).toEqual([b.apiKey]);
    expect(space.text).not.toContain(a.apiKey);
  });

  it("B removes none of A's domains and cannot rename A's key (NOT_FOUND, as an unknown key)", async () => {
    const removed = await t.post(
      '/v2/workspace/domains/delete',
      { domains: ['a.example.com'] },
      t.apiKeyHeaders(b),
    );
    expect(removed.body.error.details).toEqual({
      domainsRemoved: [],
      skippedDomains: ['a.example.com'],
    });
    const renamed = await t.post(
      '/v2/workspace/apikey/update',
      { apiKey: a.apiKey, apiKeyName: 'Taken by B' },
      t.workspaceHeaders(b),
    );
    expect(renamed.status).toBe(404);
    expect(renamed.body.error).toEqual({ status: 'NOT_FOUND', message: 'API key not found.' });
    await aIsUnchanged();
  });

  it("A's credentials with B's workspace id are refused", async () => {
    const res = await t.post(
      '/v2/workspace/apikeys/get',
      {},
      { 'x-service-workspace-id': b.workspaceId, 'x-service-auth-token': a.workspaceToken },
    );
    expect(res.status).toBe(401);
  });
});

// D4.1 for the document update, move, access and disabled-state calls: another API key of the
// same workspace, naming A's ids, changes nothing of A's documents, and B's disabled document
// refuses no write in A's same-named one.
describe('tenancy of document updates, moves, access and disabled state (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const orgDoc = { organizationId: 'shared', documentId: 'd' };

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    for (const h of [a, b]) {
      await t.post(
        '/v2/organizations/folders/add',
        { organizationId: 'shared', createOrganization: true, folders: [{ folderId: 'f' }] },
        h,
      );
      await t.post(
        '/v2/organizations/documents/add',
        { organizationId: 'shared', documents: [{ documentId: 'd', documentName: 'Mine' }] },
        h,
      );
    }
  });
  afterAll(() => t.close());

  const readA = async () =>
    (await t.post('/v1/organizations/documents/get', { organizationId: 'shared' }, a)).body.result
      .data;

  it("B's calls on A's ids change only B's own document; a document only A has fails not-found", async () => {
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'shared', documents: [{ documentId: 'a-only' }] },
      a,
    );
    const before = await readA();
    const calls: [string, Record<string, unknown>][] = [
      [
        '/v2/organizations/documents/update',
        { organizationId: 'shared', documents: [{ documentId: 'a-only', documentName: 'x' }] },
      ],
      [
        '/v2/organizations/documents/move',
        { organizationId: 'shared', documentIds: ['a-only'], folderId: 'f' },
      ],
      [
        '/v2/organizations/documents/access/update',
        { organizationId: 'shared', documentIds: ['a-only'], accessType: 'restricted' },
      ],
      [
        '/v2/organizations/documents/access/disablestate/update',
        { organizationId: 'shared', documentIds: ['a-only'], disabled: true },
      ],
    ];
    for (const [path, data] of calls) {
      const res = await t.post(path, data, b);
      expect({ path, item: res.body.result.data['a-only'] }).toEqual({
        path,
        item: expect.objectContaining({ success: false, code: 'not-found' }),
      });
    }
    await t.post(
      '/v2/organizations/documents/access/disablestate/update',
      { organizationId: 'shared', documentIds: ['d'], disabled: true },
      b,
    );
    await t.post(
      '/v2/organizations/documents/move',
      { organizationId: 'shared', documentIds: ['d'], folderId: 'f' },
      b,
    );
    expect(await readA()).toEqual(before);
    // B's disabled `d` refuses B's writes, never A's in A's own `d`.
    const mine = await t.post('/v2/presence/add', { ...orgDoc, users: [{ userId: 'ann' }] }, a);
    expect(mine.status).toBe(200);
    const theirs = await t.post('/v2/presence/add', { ...orgDoc, users: [{ userId: 'bob' }] }, b);
    expect(theirs.body.error).toMatchObject({ status: 'FAILED_PRECONDITION' });
  });
});

// D4.1 for the GDPR export (hosted users/data/get): a second key with the same organization,
// document and user ids answers only its own data, and the first key's page token is refused.
describe('tenancy of the user data export (D4.1, D8)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const place = { organizationId: 'shared', documentId: 'd' };
  const ann = { userId: 'ann', name: 'Ann', email: 'ann@example.com' };
  const exportOf = (h: Record<string, string>, pageToken?: string) =>
    t.post('/v2/users/data/get', { organizationId: 'shared', userId: 'ann', pageToken }, h);
  const seed = async (h: Record<string, string>, prefix: string, annotations: number) => {
    const write = async (path: string, data: Record<string, unknown>) =>
      expect((await t.post(path, { ...place, ...data }, h)).status).toBe(200);
    await write('/v2/organizations/documents/add', {
      organizationId: 'shared',
      createOrganization: true,
      documents: [{ documentId: 'd' }],
    });
    await write('/v2/users/add', { users: [{ ...ann, name: `${prefix} Ann` }] });
    await write('/v2/commentannotations/add', {
      commentAnnotations: Array.from({ length: annotations }, (_, i) => ({
        annotationId: `${prefix}-${i}`,
        commentData: [{ commentText: `${prefix} secret`, from: ann }],
      })),
    });
    await write('/v2/reactions/add', {
      reactions: [{ reactionId: `${prefix}-r`, icon: 'HEART', from: ann }],
    });
    await write('/v1/notifications/add', {
      notificationId: `${prefix}-n`,
      notifyAll: false,
      actionUser: ann,
      displayHeadlineMessageTemplate: '{actionUser} wrote',
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await seed(a, 'A', 101);
    await seed(b, 'B', 1);
    await t.settle();
  });
  afterAll(() => t.close());

  it("B's export of ann holds B's data only, and A's page token is refused to B", async () => {
    const mine = await exportOf(b);
    expect(mine.status).toBe(200);
    const text = JSON.stringify(mine.body.result.data);
    expect(text).not.toMatch(/"A[- ]/);
    expect(
      mine.body.result.data.comments.map((c: { annotationId: string }) => c.annotationId),
    ).toEqual(['B-0']);
    expect(
      mine.body.result.data.reactions.map((r: { reactionId: string }) => r.reactionId),
    ).toEqual(['B-r']);
    expect(mine.body.result.data.notifications.map((n: { id: string }) => n.id)).toEqual(['B-n']);
    expect(mine.body.result.nextPageToken).toBeUndefined();
    const theirs = await exportOf(a);
    expect(theirs.body.result.data.comments).toHaveLength(100);
    const stolen = await exportOf(b, theirs.body.result.nextPageToken);
    expect({ status: stolen.status, error: stolen.body.error?.status }).toEqual({
      status: 400,
      error: 'INVALID_ARGUMENT',
    });
  });
});

describe('tenancy of user groups and users/delete (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    // Both keys have organization `shared` with user `u`; only A has group `g`.
    for (const h of [a, b]) {
      await t.post(
        '/v2/users/add',
        { organizationId: 'shared', createOrganization: true, users: [{ userId: 'u' }] },
        h,
      );
    }
    await t.post(
      '/v2/organizations/usergroups/add',
      { organizationId: 'shared', organizationUserGroups: [{ groupId: 'g' }] },
      a,
    );
    await t.post(
      '/v2/organizations/usergroups/users/add',
      { organizationId: 'shared', organizationUserGroupId: 'g', userIds: ['u'] },
      a,
    );
  });
  afterAll(() => t.close());

  const inGroup = (h: Record<string, string>) =>
    t
      .post('/v2/users/get', { organizationId: 'shared', organizationUserGroupIds: ['g'] }, h)
      .then((res) => res.body.result.data.map((u: { userId: string }) => u.userId));

  it("B neither sees nor changes A's group; its own group of the same id is its own", async () => {
    expect(await inGroup(b)).toEqual([]);
    for (const path of ['add', 'delete']) {
      const res = await t.post(
        `/v2/organizations/usergroups/users/${path}`,
        { organizationId: 'shared', organizationUserGroupId: 'g', userIds: ['u'] },
        b,
      );
      expect(res.body.result.data.u).toMatchObject({ success: false, code: 'not-found' });
    }
    const deleteAll = await t.post(
      '/v2/organizations/usergroups/users/delete',
      { organizationId: 'shared', organizationUserGroupId: 'g', deleteAll: true },
      b,
    );
    expect(deleteAll.body.error.status).toBe('NOT_FOUND');
    const own = await t.post(
      '/v2/organizations/usergroups/add',
      { organizationId: 'shared', organizationUserGroups: [{ groupId: 'g' }] },
      b,
    );
    expect(own.body.result.data.g.success).toBe(true);
    expect(await inGroup(b)).toEqual([]);
    expect(await inGroup(a)).toEqual(['u']);
  });

  it("B's users/delete removes only B's user", async () => {
    const res = await t.post('/v2/users/delete', { organizationId: 'shared', userIds: ['u'] }, b);
    expect(res.body.result.data.u.success).toBe(true);
    const users = await t.post('/v2/users/get', { organizationId: 'shared' }, a);
    expect(users.body.result.data.map((u: { userId: string }) => u.userId)).toEqual(['u']);
    expect(await inGroup(a)).toEqual(['u']);
  });
});

describe('tenancy of comment counts, read marks, comments and presence update (D4.1)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const doc = { organizationId: 'shared-reads', documentId: 'd' };

  const setUp = async (h: Record<string, string>) => {
    await t.post(
      '/v2/organizations/documents/add',
      { ...doc, createOrganization: true, documents: [{ documentId: 'd' }] },
      h,
    );
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [{ annotationId: 'x', commentData: [{ from: { userId: 'ann' } }] }],
      },
      h,
    );
    expect(res.status).toBe(200);
    await t.post('/v2/presence/add', { ...doc, users: [{ userId: 'ann', status: 'online' }] }, h);
  };
  const count = async (h: Record<string, string>) =>
    (
      await t.post(
        '/v2/commentannotations/count/get',
        { organizationId: doc.organizationId, documentIds: ['d'], userId: 'bob' },
        h,
      )
    ).body.result.data;

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await setUp(a);
  });
  afterAll(() => t.close());

  it("B counts, reads, marks and updates nothing of A's, before and after making the same ids", async () => {
    expect(await count(b)).toEqual({ d: { total: 0, unread: 0 } });
    const comments = await t.post(
      '/v2/commentannotations/comments/get',
      { ...doc, annotationId: 'x' },
      b,
    );
    expect(comments.status).toBe(404);
    const mark = await t.post(
      '/v2/commentannotations/viewedby/add',
      { ...doc, userId: 'bob', annotationIds: ['x'] },
      b,
    );
    expect(mark.status).toBe(404);
    const update = await t.post(
      '/v2/presence/update',
      { ...doc, users: [{ userId: 'ann', status: 'away' }] },
      b,
    );
    expect(update.status).toBe(404);

    await setUp(b);
    const marked = await t.post(
      '/v2/commentannotations/viewedby/add',
      { ...doc, userId: 'bob', annotationIds: ['x'] },
      b,
    );
    expect(marked.body.result.data.x.success).toBe(true);
    await t.post('/v2/presence/update', { ...doc, users: [{ userId: 'ann', status: 'away' }] }, b);
    expect(await count(b)).toEqual({ d: { total: 1, unread: 0 } });
    expect(await count(a)).toEqual({ d: { total: 1, unread: 1 } });
    const present = (await t.post('/v2/presence/get', doc, a)).body.result.data;
    expect(present).toEqual([{ userId: 'ann', status: 'online', lastSeen: expect.any(Number) }]);
  });
});

describe('tenancy of organization and folder deletion, disabled state and folder access (D4.1, D6.9)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'a-org',
        createOrganization: true,
        folderId: 'a-folder',
        createFolder: true,
        documents: [{ documentId: 'a-doc' }],
      },
      a,
    );
  });
  afterAll(() => t.close());

  it('B can neither delete, disable nor change the folders of A', async () => {
    const deleted = await t.post('/v2/organizations/delete', { organizationIds: ['a-org'] }, b);
    expect(deleted.body.result.data['a-org']).toMatchObject({ success: false, code: 'not-found' });
    // B's disable makes an organization of B's own (hosted: a missing one is made).
    await t.post(
      '/v2/organizations/access/disablestate/update',
      { organizationIds: ['a-org'], disabled: true },
      b,
    );
    const folder = await t.post(
      '/v2/organizations/folders/delete',
      { organizationId: 'a-org', folderId: 'a-folder' },
      b,
    );
    expect(folder.body.error.status).toBe('NOT_FOUND');
    const access = await t.post(
      '/v2/organizations/folders/access/update',
      { organizationId: 'a-org', folderIds: ['a-folder'], accessType: 'restricted' },
      b,
    );
    expect(access.body.result.data['a-folder']).toMatchObject({ success: false });
    await t.settle();
    const org = await t.post('/v2/organizations/get', { organizationIds: ['a-org'] }, a);
    expect(org.body.result.data).toEqual([expect.objectContaining({ disabled: false })]);
    const folders = await t.post('/v2/organizations/folders/get', { organizationId: 'a-org' }, a);
    expect(folders.body.result.data).toEqual([
      expect.objectContaining({ folderId: 'a-folder', accessType: 'public' }),
    ]);
    const docs = await t.post('/v2/organizations/documents/get', { organizationId: 'a-org' }, a);
    expect(docs.body.result.data).toEqual([expect.objectContaining({ id: 'a-doc' })]);
  });

  it("B's deletion of its own organization of the same id leaves A's", async () => {
    await t.post('/v2/organizations/add', { organizations: [{ organizationId: 'a-org' }] }, b);
    const deleted = await t.post('/v2/organizations/delete', { organizationIds: ['a-org'] }, b);
    expect(deleted.body.result.data['a-org'].success).toBe(true);
    await t.settle();
    const docs = await t.post('/v2/organizations/documents/get', { organizationId: 'a-org' }, a);
    expect(docs.body.result.data).toEqual([expect.objectContaining({ id: 'a-doc' })]);
    const status = await t.post(
      '/v2/organizations/delete/status/get',
      { organizationId: 'a-org', deletionId: deleted.body.result.data['a-org'].deletionId },
      a,
    );
    expect(status.body.error.status).toBe('NOT_FOUND');
  });
});

describe('tenancy of client tokens, permissions, signatures and the permission provider (D4.1, D15)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  const restricted = { type: 'document', id: 'd', organizationId: 'shared' };
  const readAccess = (h: Record<string, string>) =>
    t.post(
      '/v2/auth/permissions/get',
      { organizationId: 'shared', userIds: ['u'], documentIds: ['d'] },
      h,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    // The same organization and document ids under both keys; only A grants.
    for (const h of [a, b]) {
      await t.post(
        '/v2/organizations/documents/add',
        {
          organizationId: 'shared',
          createOrganization: true,
          documents: [{ documentId: 'd', documentName: 'D', accessType: 'restricted' }],
        },
        h,
      );
    }
    await t.post(
      '/v2/auth/permissions/add',
      {
        user: { userId: 'u' },
        permissions: { resources: [{ ...restricted, accessRole: 'viewer' }] },
      },
      a,
    );
    await t.post(
      '/v2/workspace/permissionproviderconfig/update',
      {
        usePermissionProvider: true,
        permissionProviderConfig: {
          permissionProviderUrl: 'https://a.example.com',
          authToken: 'a-token',
        },
      },
      a,
    );
  });
  afterAll(() => t.close());

  it("B sees none of A's grants, removes none of them, and its own grants reach only its own document", async () => {
    const bRead = await readAccess(b);
    expect(bRead.body.result.data.u.documents.d.errorCode).toBe('permission_denied');
    await t.post(
      '/v2/auth/permissions/remove',
      { userId: 'u', permissions: { resources: [restricted] } },
      b,
    );
    expect((await readAccess(a)).body.result.data.u.documents.d).toEqual({
      accessRole: 'viewer',
      accessType: 'restricted',
    });
    await t.post(
      '/v2/auth/permissions/add',
      { user: { userId: 'u' }, permissions: { resources: [restricted] } },
      b,
    );
    expect((await readAccess(a)).body.result.data.u.documents.d.accessRole).toBe('viewer');
    expect((await readAccess(b)).body.result.data.u.documents.d.accessRole).toBe('editor');
  });

  it("B's tokens and signatures are made with keys of its own, and B reads only its own provider settings", async () => {
    const keysOf = async (h: Record<string, string>) =>
      (await t.post('/v2/auth/verificationkeys/get', {}, h)).body.result.data;
    const [ka, kb] = [await keysOf(a), await keysOf(b)];
    expect(kb.tokenKey.kid).not.toBe(ka.tokenKey.kid);
    expect(kb.signatureSecret).not.toBe(ka.signatureSecret);
    const provider = await t.post('/v2/workspace/permissionproviderconfig/get', {}, b);
    expect(provider.body.result.data).toEqual({
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
    });
    await t.post(
      '/v2/workspace/permissionproviderconfig/update',
      { usePermissionProvider: false },
      b,
    );
    const own = await t.post('/v2/workspace/permissionproviderconfig/get', {}, a);
    expect(own.body.result.data.usePermissionProvider).toBe(true);
  });

  it("a write of B with verifyUserPermissions is judged by B's grants, never A's", async () => {
    const add = (h: Record<string, string>) =>
      t.post(
        '/v2/commentannotations/add',
        {
          organizationId: 'shared',
          documentId: 'd',
          verifyUserPermissions: true,
          commentAnnotations: [{ commentData: [{ commentText: 'x', from: { userId: 'u' } }] }],
        },
        h,
      );
    await t.post(
      '/v2/auth/permissions/remove',
      { userId: 'u', permissions: { resources: [restricted] } },
      b,
    );
    expect((await add(b)).status).toBe(403);
    expect((await add(a)).status).toBe(200);
  });
});

describe('tenancy of the email configuration (D4.1, D14.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("a key's email configuration and SendGrid key are never another key's, in its workspace or another", async () => {
    const ws = await t.createWorkspace();
    const a = t.apiKeyHeaders(ws);
    const b = t.apiKeyHeaders(await t.createApiKey(ws));
    const c = t.apiKeyHeaders(await t.createWorkspace('other-email@example.com'));
    const get = async (h: Record<string, string>) =>
      (await t.post('/v2/workspace/emailconfig/get', {}, h)).body.result.data;
    const [b0, c0] = [await get(b), await get(c)];
    const set = await t.post(
      '/v2/workspace/emailconfig/update',
      {
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: 'SG.only-a-key-0123456789-AAAA',
          fromEmail: 'a@example.com',
          fromCompany: 'Only A',
        },
      },
      a,
    );
    expect(set.status).toBe(200);
    expect(await get(b)).toEqual(b0);
    expect(await get(c)).toEqual(c0);
    const a1 = await get(a);
    expect(a1.emailServiceConfig).toMatchObject({ apiKey: '...AAAA', fromCompany: 'Only A' });
    for (const h of [b, c]) {
      const own = await t.post(
        '/v2/workspace/emailconfig/update',
        { emailServiceConfig: { fromCompany: 'Not A', apiKey: 'SG.other-key-9876543210-BBBB' } },
        h,
      );
      expect(own.body.result.data.emailServiceConfig).toMatchObject({
        type: 'default',
        apiKey: '...BBBB',
        fromCompany: 'Not A',
        fromEmail: '',
      });
    }
    expect(await get(a)).toEqual(a1);
  });
});

describe('tenancy of the email log and unsubscribe links (D4.1, D14)', () => {
  let t: TestApp;
  let a: Record<string, string>;
  let b: Record<string, string>;
  let keyA: string;

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    a = t.apiKeyHeaders(ws);
    keyA = ws.apiKey;
    b = t.apiKeyHeaders(await t.createApiKey(ws));
    // Both keys have an organization 'shared' (an unsubscribe writes only for one that exists).
    for (const h of [a, b]) {
      const add = await t.post(
        '/v2/organizations/add',
        { organizations: [{ organizationId: 'shared' }] },
        h,
      );
      if (add.status !== 200) throw new Error(`organizations/add: ${add.status}`);
    }
    // An email of A's (the pipeline writes these rows; written here).
    await t.app.get(DataSource).query(
      `INSERT INTO email_deliveries (id, api_key, organization_id, document_id, notification_id,
         user_id, provider, status, created_at, updated_at)
       VALUES ('only-a', $1, 'shared', 'd', 'n', 'ann', 'smtp', 'sent', now(), now())`,
      [keyA],
    );
  });
  afterAll(() => t.close());

  it("B's email log shows nothing of A's, whatever the filters", async () => {
    const read = async (h: Record<string, string>, data: Record<string, unknown>) =>
      (await t.post('/v2/workspace/email/deliveries/get', data, h)).body.result.data.map(
        (e: { id: string }) => e.id,
      );
    expect(await read(a, {})).toEqual(['only-a']);
    for (const filter of [
      {},
      { organizationId: 'shared' },
      { userId: 'ann' },
      { status: 'sent' },
    ]) {
      expect(await read(b, filter)).toEqual([]);
    }
  });

  it("A's unsubscribe link changes A's setting only, not B's user of the same ids", async () => {
    const link = new URL(
      unsubscribeUrl('https://m', unsubscribeKey(t.config.encryptionKey!), {
        apiKey: keyA,
        organizationId: 'shared',
        documentId: 'd',
        userId: 'ann',
      }),
    );
    const res = await request(t.app.getHttpServer()).post(`${link.pathname}${link.search}`);
    expect(res.status).toBe(200);
    const emailLevel = async (h: Record<string, string>) =>
      (
        await t.post(
          '/v2/notifications/config/get',
          { organizationId: 'shared', userId: 'ann', documentIds: ['d'] },
          h,
        )
      ).body.result.data[0].config.email;
    expect(await emailLevel(a)).toBe('NONE');
    expect(await emailLevel(b)).toBe('MINE');
  });
});
