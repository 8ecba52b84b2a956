import { createTestApp, waitFor, type TestApp } from '@app/testing';

// The hosted service's users calls, unchanged: users/add's create flags (D6.3, D6.4), the v2
// paths of operations 15 and 17 (D6.8), and users/get's allDocuments and groupByDocumentId.
describe('users: hosted calls', () => {
  let t: TestApp;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
    await t
      .post(
        '/v2/organizations/documents/add',
        {
          organizationId: 'org',
          createOrganization: true,
          folderId: 'f',
          createFolder: true,
          documents: [{ documentId: 'doc', documentName: 'Named' }],
        },
        h,
      )
      .expect(200);
  });
  afterAll(() => t.close());

  const add = (data: Record<string, unknown>) => t.post('/v2/users/add', data, h);
  const get = (data: Record<string, unknown>) => t.post('/v2/users/get', data, h);
  const ids = (res: { body: { result: { data: { userId: string }[] } } }) =>
    res.body.result.data.map((u) => u.userId);
  const organizations = async (organizationId: string) =>
    (await t.post('/v2/organizations/get', { organizationIds: [organizationId] }, h)).body.result
      .data;
  const folders = async (organizationId: string) =>
    (await t.post('/v2/organizations/folders/get', { organizationId }, h)).body.result.data;
  const documents = async (organizationId: string) =>
    (await t.post('/v1/organizations/documents/get', { organizationId }, h)).body.result.data;
  const ann = { userId: 'ann', name: 'Ann', email: 'ann@example.com' };

  describe('users/add create flags', () => {
    it('refuses a missing organization with NOT_FOUND naming it, unless createOrganization is true', async () => {
      for (const flag of [{}, { createOrganization: false }]) {
        const res = await add({ organizationId: 'new-org', ...flag, users: [ann] });
        expect(res.status).toBe(404);
        expect(res.body.error).toMatchObject({
          status: 'NOT_FOUND',
          message: 'Organization does not exist',
          details: { organizationId: 'new-org' },
        });
      }
      expect(await organizations('new-org')).toEqual([]);
      const made = await add({ organizationId: 'new-org', createOrganization: true, users: [ann] });
      expect(made.body.result.data.ann).toEqual({
        success: true,
        id: 'ann',
        message: 'User added.',
      });
      expect(await organizations('new-org')).toEqual([
        expect.objectContaining({ id: 'new-org', organizationName: 'new-org', disabled: false }),
      ]);
      expect(ids(await get({ organizationId: 'new-org' }))).toEqual(['ann']);
    });

    it('makes a missing folder (at the root, named after its id) only with createFolder', async () => {
      const refused = await add({ organizationId: 'org', folderId: 'new-f', users: [ann] });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({
        status: 'NOT_FOUND',
        message: 'Folder does not exist',
        details: { folderId: 'new-f' },
      });
      expect((await folders('org')).map((f: { folderId: string }) => f.folderId)).toEqual(['f']);
      const made = await add({
        organizationId: 'org',
        folderId: 'new-f',
        createFolder: true,
        users: [ann],
      });
      expect(made.status).toBe(200);
      expect(await folders('org')).toEqual([
        expect.objectContaining({ folderId: 'f' }),
        expect.objectContaining({ folderId: 'new-f', folderName: 'new-f' }),
      ]);
      expect(ids(await get({ organizationId: 'org', folderId: 'new-f' }))).toEqual(['ann']);
    });

    it('makes a missing document (public by default, named after its id) only with createDocument', async () => {
      const refused = await add({ organizationId: 'org', documentId: 'new-doc', users: [ann] });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toMatchObject({
        status: 'NOT_FOUND',
        message: 'Document does not exist',
        details: { documentId: 'new-doc' },
      });
      expect((await documents('org')).map((d: { id: string }) => d.id)).toEqual(['doc']);
      const made = await add({
        organizationId: 'org',
        documentId: 'new-doc',
        createDocument: true,
        users: [ann],
      });
      expect(made.status).toBe(200);
      expect(await documents('org')).toEqual([
        expect.objectContaining({ id: 'doc', documentName: 'Named' }),
        expect.objectContaining({ id: 'new-doc', documentName: 'new-doc', accessType: 'public' }),
      ]);
      expect(ids(await get({ organizationId: 'org', documentId: 'new-doc' }))).toEqual(['ann']);
      // An existing document is left as it is.
      await add({ organizationId: 'org', documentId: 'doc', createDocument: true, users: [ann] });
      expect((await documents('org'))[0]).toMatchObject({ id: 'doc', documentName: 'Named' });
    });

    it('makes an organization and its document in one call, and nothing when the call fails', async () => {
      const failed = await add({
        organizationId: 'half-org',
        createOrganization: true,
        documentId: 'd',
        users: [ann],
      });
      expect(failed.status).toBe(404);
      expect(failed.body.error.message).toBe('Document does not exist');
      expect(await organizations('half-org')).toEqual([]);
      const made = await add({
        organizationId: 'half-org',
        createOrganization: true,
        documentId: 'd',
        createDocument: true,
        users: [ann],
      });
      expect(made.status).toBe(200);
      expect(await organizations('half-org')).toHaveLength(1);
      expect((await documents('half-org')).map((d: { id: string }) => d.id)).toEqual(['d']);
      expect(ids(await get({ organizationId: 'half-org', documentId: 'd' }))).toEqual(['ann']);
    });

    it('refuses a create flag that is not a boolean with INVALID_ARGUMENT naming it', async () => {
      for (const field of ['createOrganization', 'createFolder', 'createDocument']) {
        const res = await add({ organizationId: 'org', [field]: 'yes', users: [ann] });
        expect(res.status).toBe(400);
        expect(res.body.error.details.fields[0].field).toBe(`data.${field}`);
      }
    });
  });

  describe('v2 paths (D6.8)', () => {
    it('POST /v2/users/update is operation 15', async () => {
      await add({ organizationId: 'org', documentId: 'doc', users: [{ userId: 'upd' }] });
      const body = {
        organizationId: 'org',
        documentId: 'doc',
        users: [{ userId: 'upd', name: 'Via v2', team: 'red' }, { userId: 'ghost' }],
      };
      const v2 = await t.post('/v2/users/update', body, h);
      expect(v2.status).toBe(200);
      expect(v2.body).toEqual({
        result: {
          status: 'success',
          message: 'User(s) processed successfully.',
          data: {
            upd: { success: true, id: 'upd', message: 'User updated.' },
            // The failed item's code is D5.3's.
            ghost: expect.objectContaining({
              success: false,
              id: 'ghost',
              message: 'User does not exist.',
            }),
          },
        },
      });
      const [read] = (await get({ organizationId: 'org', documentId: 'doc', userIds: ['upd'] }))
        .body.result.data;
      expect(read).toEqual({ userId: 'upd', name: 'Via v2', email: '', team: 'red' });
      const v1 = await t.post('/v1/users/update', body, h);
      expect(v1.body).toEqual(v2.body);
    });

    it('POST /v2/users/data/delete/status is operation 17', async () => {
      const started = await t.post('/v2/users/data/delete', { userIds: ['nobody'] }, h).expect(202);
      const jobId = started.body.data.jobId;
      const status = (path: string) => t.post(path, { jobId }, h);
      const done = await waitFor(async () => {
        const res = await status('/v2/users/data/delete/status');
        return res.body.result.data.isDeleteCompleted ? res : undefined;
      });
      expect(done.status).toBe(200);
      expect(done.body.result).toMatchObject({
        status: 'success',
        message: 'Data fetched successfully.',
        data: { isDeleteCompleted: true, tasksLeft: 0 },
      });
      expect((await status('/v1/users/data/delete/status')).body).toEqual(done.body);
      const unknown = await t.post('/v2/users/data/delete/status', { jobId: 'no-such-job' }, h);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.status).toBe('NOT_FOUND');
    });
  });

  describe('users/get allDocuments and groupByDocumentId', () => {
    const organizationId = 'all-org';
    const user = (userId: string, name: string) => ({ userId, name, email: '' });

    beforeAll(async () => {
      const place = { organizationId, createOrganization: true, createDocument: true };
      for (const [where, users] of [
        [{}, [{ userId: 'org-user' }]],
        [{ folderId: 'af', createFolder: true }, [{ userId: 'folder-user' }]],
        [{ documentId: 'd1' }, [user('a', 'A in d1'), user('b', 'B')]],
        [{ documentId: 'd2' }, [user('c', 'C'), user('a', 'A in d2')]],
      ] as const) {
        await t.post('/v2/users/add', { ...place, ...where, users }, h).expect(200);
      }
      // A document without users, and another organization's document users.
      await t
        .post(
          '/v2/organizations/documents/add',
          { organizationId, documents: [{ documentId: 'd0' }] },
          h,
        )
        .expect(200);
      await add({ organizationId: 'org', documentId: 'doc', users: [{ userId: 'elsewhere' }] });
    });

    it('lists each document user once (from its first document by id), no organization or folder user', async () => {
      const res = await get({ organizationId, allDocuments: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'User(s) retrieved successfully.',
          data: [user('a', 'A in d1'), user('b', 'B'), user('c', 'C')],
        },
      });
      const some = await get({ organizationId, allDocuments: true, userIds: ['c', 'org-user'] });
      expect(ids(some)).toEqual(['c']);
    });

    it('pages the list with a signed token', async () => {
      const first = await get({ organizationId, allDocuments: true, pageSize: 2 });
      expect(ids(first)).toEqual(['a', 'b']);
      const pageToken = first.body.result.nextPageToken;
      const second = await get({ organizationId, allDocuments: true, pageSize: 2, pageToken });
      expect(ids(second)).toEqual(['c']);
      expect(second.body.result.nextPageToken).toBeUndefined();
      // The token of one read is refused by another.
      const grouped = await get({
        organizationId,
        allDocuments: true,
        groupByDocumentId: true,
        pageSize: 2,
        pageToken,
      });
      expect(grouped.status).toBe(400);
      expect(grouped.body.error.details.fields[0].field).toBe('data.pageToken');
    });

    it('groups by document id with groupByDocumentId, in document then user id order', async () => {
      const res = await get({ organizationId, allDocuments: true, groupByDocumentId: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'User(s) retrieved successfully.',
          data: {
            d1: [user('a', 'A in d1'), user('b', 'B')],
            d2: [user('a', 'A in d2'), user('c', 'C')],
          },
        },
      });
      expect(Object.keys(res.body.result.data)).toEqual(['d1', 'd2']);
    });

    it('pages the groups by user record: a document may go on on the next page', async () => {
      const read = (pageToken?: string) =>
        get({
          organizationId,
          allDocuments: true,
          groupByDocumentId: true,
          pageSize: 3,
          pageToken,
        });
      const first = await read();
      expect(first.body.result.data).toEqual({
        d1: [user('a', 'A in d1'), user('b', 'B')],
        d2: [user('a', 'A in d2')],
      });
      const second = await read(first.body.result.nextPageToken);
      expect(second.body.result).toEqual({
        status: 'success',
        message: 'User(s) retrieved successfully.',
        data: { d2: [user('c', 'C')] },
      });
      const none = await get({
        organizationId,
        allDocuments: true,
        groupByDocumentId: true,
        userIds: ['org-user'],
      });
      expect(none.body.result.data).toEqual({});
    });

    it('reads one scope as before when allDocuments is false', async () => {
      const res = await get({ organizationId, allDocuments: false, groupByDocumentId: false });
      expect(ids(res)).toEqual(['org-user']);
    });

    it('refuses contradictory filters with INVALID_ARGUMENT naming the field', async () => {
      for (const [data, field] of [
        [{ groupByDocumentId: true }, 'data.groupByDocumentId'],
        [{ allDocuments: false, groupByDocumentId: true }, 'data.groupByDocumentId'],
        [{ allDocuments: true, documentId: 'd1' }, 'data.documentId'],
        [{ allDocuments: true, folderId: 'af' }, 'data.folderId'],
        [{ allDocuments: 'yes' }, 'data.allDocuments'],
        [{ allDocuments: true, groupByDocumentId: 1 }, 'data.groupByDocumentId'],
        // The group filter is a list of group ids (D8.5).
        [{ organizationUserGroupIds: 'g1' }, 'data.organizationUserGroupIds'],
      ] as const) {
        const res = await get({ organizationId, ...data });
        expect({ data, status: res.status }).toEqual({ data, status: 400 });
        expect(res.body.error.details.fields[0].field).toBe(field);
      }
    });
  });
});
