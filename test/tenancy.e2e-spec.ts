import { createTestApp, waitFor, type TestApp } from '@app/testing';

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
    const bOrg = await t.post('/v2/organizations/get', {}, b);
    expect(bOrg.body.result.data).toEqual([expect.objectContaining({ organizationName: 'B org' })]);
    const aOrg = await t.post('/v2/organizations/get', {}, a);
    expect(aOrg.body.result.data).toEqual([expect.objectContaining({ organizationName: 'A org' })]);
  });
});
