import { createTestApp, type TestApp } from '@app/testing';

const ann = { userId: 'ann', name: 'Ann' };
const bob = { userId: 'bob', name: 'Bob' };
const cat = { userId: 'cat', name: 'Cat' };

interface View {
  annotationId: string;
  lastUpdated: number;
  createdAt: number;
  metadata: { documentId: string };
  [key: string]: unknown;
}

const OPEN = { id: 'OPEN', name: 'Open', type: 'default' };
const DONE = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' };
const BUSY = { id: 'IN_PROGRESS', name: 'In progress', type: 'ongoing' };

// `/v2/commentannotations/get` with every documented filter (hosted), D1.8 and D5.5.
describe('comment annotations: read filters', () => {
  let t: TestApp;
  let h: Record<string, string>;

  const get = (filter: Record<string, unknown>) =>
    t.post('/v2/commentannotations/get', { organizationId: 'org', ...filter }, h);
  const ids = async (filter: Record<string, unknown>) => {
    const res = await get(filter);
    expect(res.status).toBe(200);
    return (res.body.result.data as View[]).map((a) => a.annotationId).sort();
  };
  const add = (documentId: string, annotation: Record<string, unknown>) =>
    t.post(
      '/v2/commentannotations/add',
      { organizationId: 'org', documentId, commentAnnotations: [annotation] },
      h,
    );

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    await t.post(
      '/v2/organizations/folders/add',
      {
        organizationId: 'org',
        createOrganization: true,
        folders: [{ folderId: 'f', folderName: 'F' }],
      },
      h,
    );
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        documents: [{ documentId: 'd1' }, { documentId: 'd3' }],
      },
      h,
    );
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', folderId: 'f', documents: [{ documentId: 'd2' }] },
      h,
    );
    // One annotation per call, so that each is written after the one before.
    for (const [doc, a] of [
      [
        'd1',
        {
          annotationId: 'a1',
          location: { id: 'L1' },
          status: OPEN,
          commentData: [{ from: ann, commentText: 'hi', taggedUserContacts: [{ userId: 'bob' }] }],
        },
      ],
      [
        'd1',
        {
          annotationId: 'a2',
          location: { id: 'L2' },
          status: DONE,
          commentData: [{ from: bob, commentText: 'see {{cat}}' }],
        },
      ],
      [
        'd2',
        { annotationId: 'a3', location: { id: 'L1' }, status: OPEN, commentData: [{ from: ann }] },
      ],
      ['d3', { annotationId: 'a4', status: BUSY, commentData: [{ from: cat }] }],
    ] as const) {
      const res = await add(doc, a);
      if (res.status !== 200) throw new Error(`setup: ${JSON.stringify(res.body)}`);
    }
  });
  afterAll(() => t.close());

  it('applies each filter alone and all of them together', async () => {
    expect(await ids({})).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect(await ids({ documentId: 'd1' })).toEqual(['a1', 'a2']);
    expect(await ids({ documentIds: ['d1', 'd3'] })).toEqual(['a1', 'a2', 'a4']);
    expect(await ids({ folderId: 'f' })).toEqual(['a3']);
    expect(await ids({ folderId: 'f', documentIds: ['d1'] })).toEqual([]);
    expect(await ids({ locationIds: ['L1'] })).toEqual(['a1', 'a3']);
    expect(await ids({ annotationIds: ['a2', 'a4', 'nope'] })).toEqual(['a2', 'a4']);
    // userIds are the authors (hosted: "users who created the annotations").
    expect(await ids({ userIds: ['ann'] })).toEqual(['a1', 'a3']);
    expect(await ids({ userIds: ['bob'] })).toEqual(['a2']);
    // Tagged contacts and {{id}} in a text are mentions.
    expect(await ids({ mentionedUserIds: ['bob'] })).toEqual(['a1']);
    expect(await ids({ mentionedUserIds: ['cat', 'bob'] })).toEqual(['a1', 'a2']);
    expect(await ids({ statusIds: ['OPEN', 'IN_PROGRESS'] })).toEqual(['a1', 'a3', 'a4']);
    // The hosted examples' single `statusId`.
    expect(await ids({ statusId: 'RESOLVED' })).toEqual(['a2']);
    expect(await ids({ documentId: 'd1', locationIds: ['L1'], userIds: ['ann'] })).toEqual(['a1']);
    expect(await ids({ folderId: 'f', userIds: ['ann'], statusIds: ['OPEN'] })).toEqual(['a3']);
    expect(
      await ids({ statusIds: ['OPEN'], mentionedUserIds: ['bob'], locationIds: ['L1'] }),
    ).toEqual(['a1']);
    expect(await ids({ statusIds: ['OPEN'], userIds: ['bob'] })).toEqual([]);
    // An empty list filters nothing, as an absent one.
    expect(await ids({ userIds: [] })).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('orders by lastUpdated, newest first unless asc, and bounds both times (excluded)', async () => {
    const all: View[] = (await get({})).body.result.data;
    const key = (a: View) => [a.lastUpdated, a.metadata.documentId, a.annotationId] as const;
    const cmp = (x: View, y: View) => {
      const [a, b] = [key(x), key(y)];
      return a[0] - b[0] || a[1].localeCompare(b[1]) || a[2].localeCompare(b[2]);
    };
    expect(all.map((a) => a.annotationId)).toEqual(
      [...all].sort((x, y) => cmp(y, x)).map((a) => a.annotationId),
    );
    expect(all.map((a) => a.annotationId)).toEqual(['a4', 'a3', 'a2', 'a1']);
    const asc: View[] = (await get({ order: 'asc' })).body.result.data;
    expect(asc.map((a) => a.annotationId)).toEqual(['a1', 'a2', 'a3', 'a4']);

    const [a1, a2, a3, a4] = asc;
    expect(await ids({ updatedAfter: a2.lastUpdated })).toEqual(
      asc.filter((a) => a.lastUpdated > a2.lastUpdated).map((a) => a.annotationId),
    );
    expect(await ids({ updatedBefore: a3.lastUpdated, updatedAfter: a1.lastUpdated - 1 })).toEqual(
      asc.filter((a) => a.lastUpdated < a3.lastUpdated).map((a) => a.annotationId),
    );
    expect(await ids({ createdAfter: a4.createdAt })).toEqual([]);
    expect(await ids({ createdBefore: a4.createdAt + 1, createdAfter: a4.createdAt - 1 })).toEqual(
      asc.filter((a) => a.createdAt === a4.createdAt).map((a) => a.annotationId),
    );
  });

  it('groups by document as documented, page and token unchanged', async () => {
    const res = await get({ documentIds: ['d1', 'd2'], groupByDocumentId: true });
    expect(res.status).toBe(200);
    const data = res.body.result.data as Record<string, View[]>;
    expect(Object.keys(data).sort()).toEqual(['d1', 'd2']);
    expect(data.d1.map((a) => a.annotationId)).toEqual(['a2', 'a1']);
    expect(data.d2.map((a) => a.annotationId)).toEqual(['a3']);
    const paged = await get({ groupByDocumentId: true, pageSize: 1 });
    expect(paged.body.result.data).toEqual({
      d3: [expect.objectContaining({ annotationId: 'a4' })],
    });
    expect(paged.body.result.nextPageToken).toEqual(expect.any(String));
  });

  it('pages by keyset through a many-valued filter, tokens bound to the filters (D5.5)', async () => {
    for (const order of ['asc', 'desc']) {
      const filter = { statusIds: ['OPEN', 'IN_PROGRESS', 'RESOLVED'], order, pageSize: 1 };
      const seen: string[] = [];
      let token: string | undefined;
      do {
        const res = await get({ ...filter, ...(token && { pageToken: token }) });
        expect(res.status).toBe(200);
        seen.push(...(res.body.result.data as View[]).map((a) => a.annotationId));
        token = res.body.result.nextPageToken;
      } while (token);
      expect(seen).toEqual(order === 'asc' ? ['a1', 'a2', 'a3', 'a4'] : ['a4', 'a3', 'a2', 'a1']);
    }
    const first = await get({ statusIds: ['OPEN'], pageSize: 1 });
    const token = first.body.result.nextPageToken;
    expect(token).toEqual(expect.any(String));
    for (const other of [
      { statusIds: ['RESOLVED'] },
      { statusIds: ['OPEN'], order: 'asc' },
      { statusIds: ['OPEN'], groupByDocumentId: true },
    ]) {
      const res = await get({ ...other, pageSize: 1, pageToken: token });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.pageToken');
    }
  });

  it('refuses the agent filters it does not apply, naming each (D1.8), and bad values', async () => {
    for (const [field, value] of [
      ['agentId', 'spell-check'],
      ['executionId', 'run-1'],
      ['agentType', 'custom'],
      ['agentSource', 'external'],
      ['agentSuggestions', true],
      ['agentComments', true],
    ] as const) {
      const res = await get({ documentId: 'd1', [field]: value });
      expect({ field, status: res.status, code: res.body.error?.status }).toEqual({
        field,
        status: 400,
        code: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0]).toEqual({
        field: `data.${field}`,
        message: expect.stringMatching(/does not apply/),
      });
    }
    // false asks for no agent filtering: nothing is ignored.
    expect(await ids({ documentId: 'd1', agentSuggestions: false, agentComments: false })).toEqual([
      'a1',
      'a2',
    ]);
    for (const [field, value] of [
      ['order', 'newest'],
      ['updatedAfter', 'yesterday'],
      ['createdBefore', -1],
      // Beyond a safe integer: refused, not a failed bigint cast (a 500).
      ['updatedAfter', 1e300],
      ['createdBefore', 9223372036854775808],
      ['statusIds', 'OPEN'],
      ['mentionedUserIds', [1]],
      ['groupByDocumentId', 'yes'],
      ['resolvedBy', ''],
      ['folderId', 7],
    ] as const) {
      const res = await get({ [field]: value });
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.error.details.fields[0].field).toBe(`data.${field}`);
    }
  });
});
