import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

// Operations 10, 11 and 12 with D5 and D6.3–D6.5.
describe('documents', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
    await t.post('/v1/organizations/add', { organizations: [{ organizationId: 'org' }] }, headers);
  });
  afterAll(() => t.close());

  const add = (data: Record<string, unknown>, h = headers) =>
    t.post('/v2/organizations/documents/add', data, h);
  const get = (data: Record<string, unknown>, h = headers) =>
    t.post('/v1/organizations/documents/get', data, h);
  const del = (data: Record<string, unknown>) =>
    t.post('/v1/organizations/documents/delete', data, headers);

  it('adds documents with every field and reads them back in id order (ops 10, 11, D6.1, D6.4)', async () => {
    const res = await add({
      organizationId: 'org',
      documents: [
        { documentId: 'doc-b', documentName: 'B', accessType: 'restricted', owner: 'u1' },
        { documentId: 'doc-a', documentName: 'A', disabled: true },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Document(s) added successfully.',
        data: {
          'doc-b': { success: true, id: 'doc-b', message: 'Added Successfully' },
          'doc-a': { success: true, id: 'doc-a', message: 'Added Successfully' },
        },
      },
    });
    const read = await get({ organizationId: 'org' });
    expect(read.status).toBe(200);
    expect(read.body.result.message).toBe('Document(s) retrieved successfully.');
    expect(read.body.result.data).toEqual([
      {
        id: 'doc-a',
        documentName: 'A',
        disabled: true,
        accessType: 'public',
        createdAt: expect.any(Number),
        lastUpdated: expect.any(Number),
      },
      {
        id: 'doc-b',
        documentName: 'B',
        disabled: false,
        accessType: 'restricted',
        createdAt: expect.any(Number),
        lastUpdated: expect.any(Number),
        owner: 'u1',
      },
    ]);
    const one = await get({ organizationId: 'org', documentIds: ['doc-b', 'nope'] });
    expect(one.body.result.data.map((d: { id: string }) => d.id)).toEqual(['doc-b']);
  });

  it('fails an existing id and a repeated id alone (D5.2, D5.3)', async () => {
    const res = await add({
      organizationId: 'org',
      documents: [
        { documentId: 'doc-a' },
        { documentId: 'doc-x' },
        { documentId: 'doc-c' },
        { documentId: 'doc-x' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({
      'doc-a': {
        success: false,
        id: 'doc-a',
        message: 'Document already exists',
        code: 'already-exists',
      },
      'doc-x': {
        success: false,
        id: 'doc-x',
        message: 'Duplicate id in request',
        code: 'duplicate',
      },
      'doc-c': { success: true, id: 'doc-c', message: 'Added Successfully' },
    });
    const read = await get({ organizationId: 'org' });
    expect(read.body.result.data.map((d: { id: string }) => d.id)).toEqual([
      'doc-a',
      'doc-b',
      'doc-c',
    ]);
    expect(read.body.result.data[2].documentName).toBe('doc-c');
  });

  it('answers NOT_FOUND for a missing organization without createOrganization, and makes it with it (D6.4)', async () => {
    const missing = await add({ organizationId: 'org-new', documents: [{ documentId: 'd1' }] });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      status: 'NOT_FOUND',
      message: 'Organization does not exist',
    });
    expect((await get({ organizationId: 'org-new' })).body.result.data).toEqual([]);

    const made = await add({
      organizationId: 'org-new',
      createOrganization: true,
      documents: [{ documentId: 'd1' }],
    });
    expect(made.body.result.data.d1.success).toBe(true);
    const orgs = await t.post('/v2/organizations/get', { organizationIds: ['org-new'] }, headers);
    expect(orgs.body.result.data[0]).toMatchObject({ id: 'org-new', organizationName: 'org-new' });
  });

  it('answers NOT_FOUND for a missing folder without createFolder, and makes it at the root with it (D6.3)', async () => {
    const missing = await add({
      organizationId: 'org',
      folderId: 'folder-1',
      documents: [{ documentId: 'in-folder' }],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({
      status: 'NOT_FOUND',
      message: 'Folder does not exist',
    });

    const made = await add({
      organizationId: 'org',
      folderId: 'folder-1',
      createFolder: true,
      documents: [{ documentId: 'in-folder' }],
    });
    expect(made.body.result.data['in-folder'].success).toBe(true);
    const [doc] = (await get({ organizationId: 'org', documentIds: ['in-folder'] })).body.result
      .data;
    expect(doc.folderId).toBe('folder-1');
    const folders = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'org' },
      headers,
    );
    expect(folders.body.result.data).toEqual([
      expect.objectContaining({
        folderId: 'folder-1',
        folderName: 'folder-1',
        parentFolderId: 'root',
      }),
    ]);
  });

  it('takes folderId "root" as the top level and makes no folder of that name', async () => {
    const res = await add({
      organizationId: 'org',
      folderId: 'root',
      createFolder: true,
      documents: [{ documentId: 'at-top' }],
    });
    expect(res.body.result.data['at-top'].success).toBe(true);
    const [doc] = (await get({ organizationId: 'org', documentIds: ['at-top'] })).body.result.data;
    const plain = await add({ organizationId: 'org', documents: [{ documentId: 'also-top' }] });
    expect(plain.status).toBe(200);
    const [other] = (await get({ organizationId: 'org', documentIds: ['also-top'] })).body.result
      .data;
    expect(doc.folderId).toEqual(other.folderId);
    const folders = await t.post(
      '/v2/organizations/folders/get',
      { organizationId: 'org' },
      headers,
    );
    expect(folders.body.result.data.map((f: { folderId: string }) => f.folderId)).not.toContain(
      'root',
    );
  });

  it("uses the key's defaultDocumentAccessType when an item gives none (D6.4)", async () => {
    const other = await t.createApiKey(ws);
    await t.post(
      '/v2/workspace/apikeyconfig/update',
      { defaultDocumentAccessType: 'organizationPrivate' },
      t.apiKeyHeaders(other),
    );
    const h = t.apiKeyHeaders(other);
    await add(
      { organizationId: 'o', createOrganization: true, documents: [{ documentId: 'd' }] },
      h,
    );
    const [doc] = (await get({ organizationId: 'o' }, h)).body.result.data;
    expect(doc.accessType).toBe('organizationPrivate');
  });

  it.each([
    ['a missing organizationId', { documents: [{ documentId: 'x' }] }, 'data.organizationId'],
    ['0 items', { organizationId: 'org', documents: [] }, 'data.documents'],
    [
      '1001 items',
      {
        organizationId: 'org',
        documents: Array.from({ length: 1001 }, (_, i) => ({ documentId: `n${i}` })),
      },
      'data.documents',
    ],
    [
      'a missing documentId',
      { organizationId: 'org', documents: [{ documentName: 'x' }] },
      'data.documents[0].documentId',
    ],
    [
      'an unknown accessType',
      { organizationId: 'org', documents: [{ documentId: 'x', accessType: 'secret' }] },
      'data.documents[0].accessType',
    ],
    [
      'a non-boolean createOrganization',
      { organizationId: 'org', createOrganization: 'yes', documents: [{ documentId: 'x' }] },
      'data.createOrganization',
    ],
  ])('refuses %s with INVALID_ARGUMENT naming the field (D5.1)', async (_, data, field) => {
    const res = await add(data);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe(field);
    expect(
      (await get({ organizationId: 'org', documentIds: ['x', 'n0'] })).body.result.data,
    ).toEqual([]);
  });

  it('refuses operation 11 without organizationId', async () => {
    const res = await get({});
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields[0].field).toBe('data.organizationId');
  });

  it('deletes documents; a missing one succeeds saying it does not exist (op 12)', async () => {
    const res = await del({ organizationId: 'org', documentIds: ['doc-b', 'ghost'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Document(s) deleted successfully.',
        data: {
          'doc-b': { success: true, id: 'doc-b', message: 'Deleted Successfully' },
          ghost: { success: true, id: 'ghost', message: 'Document does not exist' },
        },
      },
    });
    const ids = (await get({ organizationId: 'org' })).body.result.data.map(
      (d: { id: string }) => d.id,
    );
    expect(ids).not.toContain('doc-b');
    const again = await del({ organizationId: 'org', documentIds: ['doc-b'] });
    expect(again.body.result.data['doc-b'].message).toBe('Document does not exist');
    // The id is free again.
    const readd = await add({
      organizationId: 'org',
      documents: [{ documentId: 'doc-b', documentName: 'B2' }],
    });
    expect(readd.body.result.data['doc-b'].success).toBe(true);
  });

  it('fails a repeated id in a delete alone (op 12, D5.2)', async () => {
    await add({
      organizationId: 'org',
      documents: [{ documentId: 'twice' }, { documentId: 'once' }],
    });
    const res = await del({ organizationId: 'org', documentIds: ['twice', 'once', 'twice'] });
    expect(res.body.result.data).toEqual({
      twice: { success: false, id: 'twice', message: 'Duplicate id in request', code: 'duplicate' },
      once: { success: true, id: 'once', message: 'Deleted Successfully' },
    });
    const left = await get({ organizationId: 'org', documentIds: ['twice', 'once'] });
    expect(left.body.result.data.map((d: { id: string }) => d.id)).toEqual(['twice']);
  });

  it('refuses operation 12 with no ids, too many, or no organizationId', async () => {
    for (const [data, field] of [
      [{ organizationId: 'org', documentIds: [] }, 'data.documentIds'],
      [{ organizationId: 'org' }, 'data.documentIds'],
      [
        { organizationId: 'org', documentIds: Array.from({ length: 1001 }, (_, i) => `d${i}`) },
        'data.documentIds',
      ],
      [{ documentIds: ['doc-a'] }, 'data.organizationId'],
    ] as const) {
      const res = await del(data);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });
});
