import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

interface DocumentView {
  id: string;
  folderId?: string;
}

// Operations 11 and 12 at the hosted service's /v2 paths (D6.8): documents get also filters
// by folder and reads in pages (D5.5) with advanced queries; documents delete fails a
// missing document (not-found) where operation 12 answers success.
describe('documents at the hosted /v2 paths (D6.8)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let headers: Record<string, string>;
  /** 25 documents at the top, 3 in folder `f`, 2 in its subfolder `g`. */
  const top = Array.from({ length: 25 }, (_, i) => `doc-${String(i).padStart(2, '0')}`);

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
    await t.post(
      '/v2/organizations/folders/add',
      {
        organizationId: 'org',
        createOrganization: true,
        folders: [{ folderId: 'f' }, { folderId: 'g', parentFolderId: 'f' }],
      },
      headers,
    );
    // Shuffled: the order of a page comes from the server, not from the order of adding.
    const shuffled = [...top].sort(() => Math.random() - 0.5);
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', documents: shuffled.map((documentId) => ({ documentId })) },
      headers,
    );
    for (const [folderId, ids] of [
      ['f', ['in-f-3', 'in-f-1', 'in-f-2']],
      ['g', ['in-g-1', 'in-g-2']],
    ] as const) {
      await t.post(
        '/v2/organizations/documents/add',
        { organizationId: 'org', folderId, documents: ids.map((documentId) => ({ documentId })) },
        headers,
      );
    }
  });
  afterAll(() => t.close());

  const getPage = (data: Record<string, unknown>, h = headers) =>
    t.post('/v2/organizations/documents/get', { organizationId: 'org', ...data }, h);
  const ids = (res: { body: { result: { data: DocumentView[] } } }) =>
    res.body.result.data.map((d) => d.id);

  it('reads every document once, in id order, a page at a time; the next token in result.pageToken, none on the last page', async () => {
    const seen: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const res = await getPage({ pageSize: 7, ...(pageToken && { pageToken }) });
      expect(res.status).toBe(200);
      expect(res.body.result.message).toBe('Document(s) retrieved successfully.');
      expect(res.body.result).not.toHaveProperty('nextPageToken');
      seen.push(...ids(res));
      pageToken = res.body.result.pageToken;
      pages += 1;
    } while (pageToken);
    const all = [...top, 'in-f-1', 'in-f-2', 'in-f-3', 'in-g-1', 'in-g-2'].sort();
    expect(seen).toEqual(all);
    expect(pages).toBe(5);
    // Default pageSize 1000: everything at once, no token.
    const whole = await getPage({});
    expect(ids(whole)).toEqual(all);
    expect(whole.body.result).not.toHaveProperty('pageToken');
  });

  it('reads only the documents directly in folderId, in pages too, and with documentIds', async () => {
    const inF = await getPage({ folderId: 'f' });
    expect(ids(inF)).toEqual(['in-f-1', 'in-f-2', 'in-f-3']);
    expect(inF.body.result.data[0]).toMatchObject({ folderId: 'f', accessType: 'public' });
    const first = await getPage({ folderId: 'f', pageSize: 2 });
    expect(ids(first)).toEqual(['in-f-1', 'in-f-2']);
    const second = await getPage({
      folderId: 'f',
      pageSize: 2,
      pageToken: first.body.result.pageToken,
    });
    expect(ids(second)).toEqual(['in-f-3']);
    expect(second.body.result).not.toHaveProperty('pageToken');
    const some = await getPage({ folderId: 'g', documentIds: ['in-g-2', 'in-f-1', 'doc-00'] });
    expect(ids(some)).toEqual(['in-g-2']);
    expect(ids(await getPage({ folderId: 'no-such-folder' }))).toEqual([]);
  });

  it('refuses a token changed, used with other filters, or by another key; and a bad pageSize or folderId', async () => {
    const first = await getPage({ folderId: 'f', pageSize: 1 });
    const token: string = first.body.result.pageToken;
    const flipped = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    const other = t.apiKeyHeaders(await t.createApiKey(ws));
    for (const res of [
      await getPage({ folderId: 'f', pageSize: 1, pageToken: flipped }),
      await getPage({ folderId: 'g', pageSize: 1, pageToken: token }),
      await getPage({ pageSize: 1, pageToken: token }),
      await getPage({ folderId: 'f', pageSize: 1, pageToken: token }, other),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe('data.pageToken');
    }
    for (const [data, field] of [
      [{ pageSize: 0 }, 'data.pageSize'],
      [{ pageSize: 1001 }, 'data.pageSize'],
      [{ folderId: 7 }, 'data.folderId'],
      [{ organizationId: undefined }, 'data.organizationId'],
    ] as const) {
      const res = await getPage(data);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });

  it('keeps operation 11 at its own path as it was: every document, no page token', async () => {
    const res = await t.post(
      '/v1/organizations/documents/get',
      { organizationId: 'org', pageSize: 2 },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data).toHaveLength(30);
    expect(res.body.result).not.toHaveProperty('pageToken');
  });

  it('needs advanced queries at the hosted path only (hosted, D3.4)', async () => {
    const key = await t.createApiKey(ws);
    const h = t.apiKeyHeaders(key);
    const off = await t.post(
      '/v2/workspace/apikeyconfig/update',
      { advancedQueriesEnabled: false },
      h,
    );
    expect(off.status).toBe(200);
    const res = await t.post('/v2/organizations/documents/get', { organizationId: 'org' }, h);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('FAILED_PRECONDITION');
    expect(res.body.error.message).toContain('advancedQueriesEnabled');
    const v1 = await t.post('/v1/organizations/documents/get', { organizationId: 'org' }, h);
    expect(v1.status).toBe(200);
  });

  it('deletes documents; a missing one is a failed item with code not-found, the rest applied', async () => {
    const res = await t.post(
      '/v2/organizations/documents/delete',
      { organizationId: 'org', documentIds: ['doc-00', 'ghost', 'doc-01', 'doc-01'] },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Document(s) deleted successfully.',
        data: {
          'doc-00': { success: true, id: 'doc-00', message: 'Deleted Successfully' },
          ghost: {
            success: false,
            id: 'ghost',
            message: 'Document does not exist',
            code: 'not-found',
          },
          'doc-01': {
            success: false,
            id: 'doc-01',
            message: 'Duplicate id in request',
            code: 'duplicate',
          },
        },
      },
    });
    const left = await getPage({ documentIds: ['doc-00', 'doc-01'] });
    expect(ids(left)).toEqual(['doc-01']);
    // Operation 12 at its own path still answers a missing document with success (spec).
    const v1 = await t.post(
      '/v1/organizations/documents/delete',
      { organizationId: 'org', documentIds: ['doc-00'] },
      headers,
    );
    expect(v1.body.result.data['doc-00']).toEqual({
      success: true,
      id: 'doc-00',
      message: 'Document does not exist',
    });
  });
});
