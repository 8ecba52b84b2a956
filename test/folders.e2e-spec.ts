import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

interface Folder {
  folderId: string;
  parentFolderId: string;
  ancestors: string[];
  folderName: string;
  subFolders?: Folder[];
}

// folders/add|get (D6.3) and operation 9: renames, and moves that take a subtree along.
describe('folders', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
  });
  afterAll(() => t.close());

  const addFolders = (data: Record<string, unknown>) =>
    t.post('/v2/organizations/folders/add', data, headers);
  const update = (folders: unknown[], h = headers) =>
    t.post('/v1/organizations/folders/update', { organizationId: 'org', folders }, h);
  const all = async (): Promise<Record<string, Folder>> => {
    const res = await t.post('/v2/organizations/folders/get', { organizationId: 'org' }, headers);
    return Object.fromEntries(res.body.result.data.map((f: Folder) => [f.folderId, f]));
  };

  it('answers NOT_FOUND for a missing organization, and makes it with createOrganization', async () => {
    const missing = await addFolders({ organizationId: 'org', folders: [{ folderId: 'a' }] });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Organization does not exist');
    const res = await addFolders({
      organizationId: 'org',
      createOrganization: true,
      folders: [
        { folderId: 'a', folderName: 'A' },
        { folderId: 'b', folderName: 'B', parentFolderId: 'a' },
        { folderId: 'c', folderName: 'C', parentFolderId: 'b' },
        { folderId: 'x', folderName: 'X', parentFolderId: '' },
        { folderId: 'orphan', parentFolderId: 'nowhere' },
        { folderId: 'a' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Folder created successfully.',
        data: {
          a: { success: false, id: 'a', message: 'Duplicate id in request', code: 'duplicate' },
          b: {
            success: false,
            id: 'b',
            message: 'Parent folder does not exist',
            code: 'not-found',
          },
          c: {
            success: false,
            id: 'c',
            message: 'Parent folder does not exist',
            code: 'not-found',
          },
          x: { success: true, id: 'x', message: 'Folder added.' },
          orphan: {
            success: false,
            id: 'orphan',
            message: 'Parent folder does not exist',
            code: 'not-found',
          },
        },
      },
    });
    const again = await addFolders({
      organizationId: 'org',
      folders: [
        { folderId: 'a', folderName: 'A' },
        { folderId: 'b', folderName: 'B', parentFolderId: 'a' },
        { folderId: 'c', folderName: 'C', parentFolderId: 'b' },
        { folderId: 'x' },
      ],
    });
    expect(again.body.result.data).toEqual({
      a: { success: true, id: 'a', message: 'Folder added.' },
      b: { success: true, id: 'b', message: 'Folder added.' },
      c: { success: true, id: 'c', message: 'Folder added.' },
      x: { success: false, id: 'x', message: 'Folder already exists', code: 'already-exists' },
    });
  });

  it('reads all folders with their paths, or one with subfolders to maxDepth', async () => {
    const res = await t.post('/v2/organizations/folders/get', { organizationId: 'org' }, headers);
    expect(res.status).toBe(200);
    expect(res.body.result.data.map((f: Folder) => f.folderId)).toEqual(['a', 'b', 'c', 'x']);
    expect(res.body.result.data[2]).toEqual({
      folderId: 'c',
      folderName: 'C',
      organizationId: 'org',
      apiKey: ws.apiKey,
      parentFolderId: 'b',
      ancestors: ['root', 'a', 'b'],
      accessType: 'public',
      inheritAccessFromParent: true,
      createdAt: expect.any(Number),
      lastUpdated: expect.any(Number),
    });
    const shallow = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'org', folderId: 'a' },
      headers,
    );
    expect(shallow.body.result.data[0].subFolders.map((f: Folder) => f.folderId)).toEqual(['b']);
    expect(shallow.body.result.data[0].subFolders[0].subFolders).toEqual([]);
    const deep = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'org', folderId: 'a', maxDepth: 2 },
      headers,
    );
    expect(deep.body.result.data[0].subFolders[0].subFolders[0].folderId).toBe('c');
    const unknown = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'org', folderId: 'zzz' },
      headers,
    );
    expect(unknown.status).toBe(404);
  });

  it('moves a folder with everything under it; documents stay in their folder (op 9)', async () => {
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', folderId: 'c', documents: [{ documentId: 'deep-doc' }] },
      headers,
    );
    const res = await update([{ folderId: 'b', folderName: 'B moved', parentFolderId: 'x' }]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Folder Updated successfully.',
        data: { b: { success: true, id: 'b', message: 'Folder Updated.' } },
      },
    });
    const folders = await all();
    expect(folders.b).toMatchObject({
      folderName: 'B moved',
      parentFolderId: 'x',
      ancestors: ['root', 'x'],
    });
    expect(folders.c).toMatchObject({ parentFolderId: 'b', ancestors: ['root', 'x', 'b'] });
    expect(folders.a.ancestors).toEqual(['root']);
    const tree = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'org', folderId: 'x', maxDepth: 5 },
      headers,
    );
    expect(tree.body.result.data[0].subFolders[0].subFolders[0].folderId).toBe('c');
    const docs = await t.post(
      '/v1/organizations/documents/get',
      { organizationId: 'org', documentIds: ['deep-doc'] },
      headers,
    );
    expect(docs.body.result.data[0].folderId).toBe('c');
  });

  it('fails a move under itself, under a descendant, or under a missing parent, and an unknown folder, each alone', async () => {
    const res = await update([
      { folderId: 'x', parentFolderId: 'x' },
      { folderId: 'b', parentFolderId: 'c' },
      { folderId: 'c', parentFolderId: 'missing' },
      { folderId: 'ghost', folderName: 'G' },
      { folderId: 'a', folderName: 'A renamed' },
      { folderId: 'a', parentFolderId: 'x' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({
      x: {
        success: false,
        id: 'x',
        message: 'A folder cannot move under itself or one of its descendants',
        code: 'invalid',
      },
      b: {
        success: false,
        id: 'b',
        message: 'A folder cannot move under itself or one of its descendants',
        code: 'invalid',
      },
      c: { success: false, id: 'c', message: 'Parent folder does not exist', code: 'not-found' },
      ghost: { success: false, id: 'ghost', message: 'Folder does not exist', code: 'not-found' },
      a: { success: false, id: 'a', message: 'Duplicate id in request', code: 'duplicate' },
    });
    const folders = await all();
    expect(folders.b.parentFolderId).toBe('x');
    expect(folders.c.parentFolderId).toBe('b');
    expect(folders.a.folderName).toBe('A');
    expect(folders.x.parentFolderId).toBe('root');
  });

  it('moves a folder back to the root with "root", keeping the parent when none is given', async () => {
    await update([{ folderId: 'c', folderName: 'C2' }]);
    expect((await all()).c).toMatchObject({ folderName: 'C2', parentFolderId: 'b' });
    await update([{ folderId: 'b', parentFolderId: 'root' }]);
    const folders = await all();
    expect(folders.b).toMatchObject({ parentFolderId: 'root', ancestors: ['root'] });
    expect(folders.c.ancestors).toEqual(['root', 'b']);
  });

  it('answers NOT_FOUND for an unknown organization and INVALID_ARGUMENT for bad input', async () => {
    const missing = await t.post(
      '/v1/organizations/folders/update',
      { organizationId: 'nope', folders: [{ folderId: 'a' }] },
      headers,
    );
    expect(missing.status).toBe(404);
    const noOrganization = await t.post(
      '/v1/organizations/folders/update',
      { folders: [{ folderId: 'a' }] },
      headers,
    );
    expect(noOrganization.body.error.details.fields[0].field).toBe('data.organizationId');
    for (const [folders, field] of [
      [[], 'data.folders'],
      [Array.from({ length: 1001 }, (_, i) => ({ folderId: `f${i}` })), 'data.folders'],
      [[{ folderName: 'no id' }], 'data.folders[0].folderId'],
      [[{ folderId: 'root' }], 'data.folders[0].folderId'],
      [[{ folderId: 'a', parentFolderId: 7 }], 'data.folders[0].parentFolderId'],
    ] as const) {
      const res = await update(folders as unknown as unknown[]);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });

  it('answers FAILED_PRECONDITION for operation 9 when advanced queries are off (D3.4)', async () => {
    await t.post(
      '/v2/workspace/apikeyconfig/update',
      { advancedQueriesEnabled: false },
      t.apiKeyHeaders(ws),
    );
    try {
      const res = await update([{ folderId: 'a', folderName: 'changed' }]);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('FAILED_PRECONDITION');
    } finally {
      await t.post(
        '/v2/workspace/apikeyconfig/update',
        { advancedQueriesEnabled: true },
        t.apiKeyHeaders(ws),
      );
    }
    expect((await all()).a.folderName).toBe('A');
  });
});

// folders/add `accessType` and what folders/get reads of it (hosted: a folder without an
// access type of its own inherits its parent's; at the top, the API key's default applies).
describe('folder access types', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    headers = t.apiKeyHeaders(await t.createWorkspace());
  });
  afterAll(() => t.close());

  const access = async (folderId?: string, maxDepth?: number) => {
    const res = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'acc', folderId, maxDepth },
      headers,
    );
    expect(res.status).toBe(200);
    return res.body.result.data as (Folder & {
      accessType: string;
      inheritAccessFromParent: boolean;
    })[];
  };
  const byId = async () =>
    Object.fromEntries(
      (await access()).map((f) => [f.folderId, [f.accessType, f.inheritAccessFromParent]]),
    );

  it("stores a given access type and makes a folder without one take its parent's", async () => {
    const res = await t.post(
      '/v2/organizations/folders/add',
      {
        organizationId: 'acc',
        createOrganization: true,
        folders: [
          { folderId: 'top' },
          { folderId: 'closed', accessType: 'restricted' },
          { folderId: 'inner', parentFolderId: 'closed' },
          { folderId: 'deeper', parentFolderId: 'inner' },
          { folderId: 'own', parentFolderId: 'inner', accessType: 'organizationPrivate' },
          { folderId: 'under-own', parentFolderId: 'own' },
        ],
      },
      headers,
    );
    expect(
      Object.values(res.body.result.data).every(
        (r) => (r as Folder & { success: boolean }).success,
      ),
    ).toBe(true);
    expect(await byId()).toEqual({
      top: ['public', false],
      closed: ['restricted', false],
      inner: ['restricted', true],
      deeper: ['restricted', true],
      own: ['organizationPrivate', false],
      'under-own': ['organizationPrivate', true],
    });
    const [tree] = await access('closed', 3);
    expect(tree.subFolders![0]).toMatchObject({
      folderId: 'inner',
      accessType: 'restricted',
      inheritAccessFromParent: true,
    });
    expect(tree.subFolders![0].subFolders!.map((f) => f.folderId)).toEqual(['deeper', 'own']);
  });

  it("moves an inheriting folder under another parent: it takes the new parent's access type, and its subtree too (hosted /v2 path, D6.8)", async () => {
    const res = await t.post(
      '/v2/organizations/folders/update',
      { organizationId: 'acc', folders: [{ folderId: 'inner', parentFolderId: 'top' }] },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Folder Updated successfully.',
        data: { inner: { success: true, id: 'inner', message: 'Folder Updated.' } },
      },
    });
    expect(await byId()).toMatchObject({
      inner: ['public', true],
      deeper: ['public', true],
      own: ['organizationPrivate', false],
      'under-own': ['organizationPrivate', true],
    });
  });

  it('refuses an access type the hosted service does not define, writing nothing', async () => {
    const res = await t.post(
      '/v2/organizations/folders/add',
      {
        organizationId: 'acc',
        folders: [{ folderId: 'ok' }, { folderId: 'bad', accessType: 'private' }],
      },
      headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe('data.folders[1].accessType');
    expect(Object.keys(await byId())).not.toContain('ok');
  });
});
