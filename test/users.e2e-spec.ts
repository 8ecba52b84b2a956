import { createTestApp, waitFor, type TestApp } from '@app/testing';

// D8.1: user records at organization, folder and document scope; operation 15.
describe('users', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let other: Record<string, string>;

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
        folderId: 'f',
        createFolder: true,
        documents: [{ documentId: 'doc' }],
      },
      headers,
    );
  });
  afterAll(() => t.close());

  const add = (data: Record<string, unknown>, h = headers) => t.post('/v2/users/add', data, h);
  const update = (data: Record<string, unknown>, h = headers) =>
    t.post('/v1/users/update', data, h);
  const get = (data: Record<string, unknown>, h = headers) => t.post('/v2/users/get', data, h);
  const ids = (res: { body: { result: { data: { userId: string }[] } } }) =>
    res.body.result.data.map((u) => u.userId);

  it('adds users at organization scope, making the organization with createOrganization (users/add)', async () => {
    const res = await add({
      organizationId: 'org-new',
      createOrganization: true,
      users: [
        { userId: 'u1', name: 'Ann', email: 'ann@example.com', role: 'admin' },
        { userId: 'u2', name: 'Bob', email: 'bob@example.com' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'User(s) processed successfully.',
        data: {
          u1: { success: true, id: 'u1', message: 'User added.' },
          u2: { success: true, id: 'u2', message: 'User added.' },
        },
      },
    });
    const read = await get({ organizationId: 'org-new' });
    expect(read.body).toEqual({
      result: {
        status: 'success',
        message: 'User(s) retrieved successfully.',
        data: [
          { userId: 'u1', name: 'Ann', email: 'ann@example.com', role: 'admin' },
          { userId: 'u2', name: 'Bob', email: 'bob@example.com' },
        ],
      },
    });
    const orgs = await t.post('/v2/organizations/get', { organizationIds: ['org-new'] }, headers);
    expect(orgs.body.result.data).toHaveLength(1);
  });

  it('keeps the three scopes apart (organization, folder, document)', async () => {
    await add({ organizationId: 'org', users: [{ userId: 'org-user' }] });
    await add({ organizationId: 'org', folderId: 'f', users: [{ userId: 'folder-user' }] });
    await add({ organizationId: 'org', documentId: 'doc', users: [{ userId: 'doc-user' }] });
    expect(ids(await get({ organizationId: 'org' }))).toEqual(['org-user']);
    expect(ids(await get({ organizationId: 'org', folderId: 'f' }))).toEqual(['folder-user']);
    expect(ids(await get({ organizationId: 'org', documentId: 'doc' }))).toEqual(['doc-user']);
  });

  it('fails an existing user and a repeated id alone; answers NOT_FOUND for a missing folder or document', async () => {
    const res = await add({
      organizationId: 'org',
      users: [{ userId: 'org-user' }, { userId: 'dup' }, { userId: 'dup' }, { userId: 'new' }],
    });
    expect(res.body.result.data).toEqual({
      'org-user': {
        success: false,
        id: 'org-user',
        message: 'User already exists.',
        code: 'already-exists',
      },
      dup: { success: false, id: 'dup', message: 'Duplicate id in request', code: 'duplicate' },
      new: { success: true, id: 'new', message: 'User added.' },
    });
    const noFolder = await add({
      organizationId: 'org',
      folderId: 'nope',
      users: [{ userId: 'x' }],
    });
    expect(noFolder.status).toBe(404);
    const noDoc = await add({
      organizationId: 'org',
      documentId: 'nope',
      users: [{ userId: 'x' }],
    });
    expect(noDoc.status).toBe(404);
    expect(noDoc.body.error.message).toBe('Document does not exist');
  });

  it('updates users at each scope; an unknown user fails only its own item (op 15)', async () => {
    for (const scope of [{}, { folderId: 'f' }, { documentId: 'doc' }]) {
      const user =
        'folderId' in scope ? 'folder-user' : 'documentId' in scope ? 'doc-user' : 'org-user';
      const res = await update({
        organizationId: 'org',
        ...scope,
        users: [
          { userId: user, name: 'Renamed', email: 'r@example.com', team: 'blue' },
          { userId: 'ghost', name: 'G' },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'User(s) processed successfully.',
          data: {
            [user]: { success: true, id: user, message: 'User updated.' },
            ghost: {
              success: false,
              id: 'ghost',
              message: 'User does not exist.',
              code: 'not-found',
            },
          },
        },
      });
      const [read] = (await get({ organizationId: 'org', ...scope, userIds: [user] })).body.result
        .data;
      expect(read).toEqual({ userId: user, name: 'Renamed', email: 'r@example.com', team: 'blue' });
    }
  });

  it('pages users with a signed token', async () => {
    const userIds = Array.from({ length: 25 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const added = await add({
      organizationId: 'org-paged',
      createOrganization: true,
      users: [...userIds].reverse().map((userId) => ({ userId })),
    });
    expect(
      Object.values(added.body.result.data).every((r) => (r as { success: boolean }).success),
    ).toBe(true);
    const seen: string[] = [];
    const pages: number[] = [];
    let pageToken: string | undefined;
    do {
      const res = await get({ organizationId: 'org-paged', pageSize: 10, pageToken });
      pages.push(res.body.result.data.length);
      seen.push(...ids(res));
      pageToken = res.body.result.nextPageToken;
    } while (pageToken);
    expect(pages).toEqual([10, 10, 5]);
    expect(seen).toEqual(userIds);
    const first = await get({ organizationId: 'org-paged', pageSize: 10 });
    const foreign = await get({
      organizationId: 'org',
      pageSize: 10,
      pageToken: first.body.result.nextPageToken,
    });
    expect(foreign.status).toBe(400);
  });

  it('refuses bad input with INVALID_ARGUMENT naming the field', async () => {
    for (const [data, field] of [
      [{ users: [{ userId: 'a' }] }, 'data.organizationId'],
      [{ organizationId: 'org', users: [] }, 'data.users'],
      [{ organizationId: 'org', users: [{ name: 'no id' }] }, 'data.users[0].userId'],
      [{ organizationId: 'org', users: [{ userId: 'a', email: 5 }] }, 'data.users[0].email'],
      [
        { organizationId: 'org', documentId: 'doc', folderId: 'f', users: [{ userId: 'a' }] },
        'data.folderId',
      ],
    ] as const) {
      const res = await add(data);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });

  it('another API key neither reads nor updates these users (D4.1)', async () => {
    expect((await get({ organizationId: 'org' }, other)).body.result.data).toEqual([]);
    const res = await update(
      { organizationId: 'org', users: [{ userId: 'org-user', name: 'X' }] },
      other,
    );
    expect(res.body.result.data['org-user'].success).toBe(false);
    const [mine] = (await get({ organizationId: 'org', userIds: ['org-user'] })).body.result.data;
    expect(mine.name).toBe('Renamed');
  });
});

describe('users known from collaboration data (D8.1)', () => {
  it('makes an author of collaboration data a user at organization scope, once', async () => {
    const t = await createTestApp();
    try {
      const h = t.apiKeyHeaders(await t.createWorkspace());
      await t.post(
        '/v2/organizations/documents/add',
        { organizationId: 'o', createOrganization: true, documents: [{ documentId: 'd' }] },
        h,
      );
      await t.post(
        '/v2/users/add',
        { organizationId: 'o', users: [{ userId: 'known', name: 'Known' }] },
        h,
      );
      await t.post(
        '/v2/commentannotations/add',
        {
          organizationId: 'o',
          documentId: 'd',
          commentAnnotations: [
            {
              commentData: [
                { from: { userId: 'writer', name: 'Wren', email: 'wren@example.com' } },
              ],
            },
            { commentData: [{ from: { userId: 'known', name: 'Other name' } }] },
          ],
        },
        h,
      );
      const users = await waitFor(async () => {
        const res = await t.post('/v2/users/get', { organizationId: 'o' }, h);
        return res.body.result.data.length === 2 ? res.body.result.data : undefined;
      });
      expect(users).toEqual([
        { userId: 'known', name: 'Known', email: '' },
        { userId: 'writer', name: 'Wren', email: 'wren@example.com' },
      ]);
    } finally {
      await t.close();
    }
  });
});
