import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };

// D10 collaboration data, operations 13, 20 and 21, and data following its document (D6.6, D6.7).
describe('collaboration data', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let h: Record<string, string>;
  const doc = { organizationId: 'org', documentId: 'doc' };

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        documents: [{ documentId: 'doc' }, { documentId: 'doc2' }],
      },
      h,
    );
  });
  afterAll(() => t.close());

  const annotations = async (filter: Record<string, unknown> = {}) =>
    (await t.post('/v2/commentannotations/get', { organizationId: 'org', ...filter }, h)).body
      .result.data;

  it('adds an annotation with tagged comments and reads it back (D10)', async () => {
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'a1',
            location: { id: 'loc-1', locationName: 'Scene 1' },
            status: { id: 'OPEN', name: 'Open', type: 'default' },
            commentData: [
              {
                commentText: 'Hey {{bob}}, look',
                commentHtml: '<p>Hey @Bob Jones</p>',
                from: ann,
                taggedUserContacts: [{ userId: 'bob', contact: bob }],
              },
            ],
          },
        ],
      },
      h,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Comment Annotation(s) added successfully.',
        // The batch item (D5) with the hosted per-annotation fields.
        data: {
          a1: {
            success: true,
            id: 'a1',
            message: 'Added Successfully',
            annotationId: 'a1',
            commentIds: [1],
          },
        },
      },
    });
    const [a1] = await annotations({ annotationIds: ['a1'] });
    expect(a1).toMatchObject({
      annotationId: 'a1',
      from: ann,
      location: { id: 'loc-1', locationName: 'Scene 1' },
      status: { id: 'OPEN' },
      metadata: { organizationId: 'org', documentId: 'doc' },
      comments: [{ commentId: 1, commentText: 'Hey {{bob}}, look', from: ann, reactions: [] }],
    });
    expect(
      // userIds are authors; a tagged user is a mention (hosted).
      (await annotations({ mentionedUserIds: ['bob'] })).map(
        (a: { annotationId: string }) => a.annotationId,
      ),
    ).toEqual(['a1']);
  });

  it('adds, updates and deletes comments and reactions; updates status', async () => {
    const added = await t.post(
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'a1', commentData: [{ commentText: 'Reply', from: bob }] },
      h,
    );
    expect(added.body.result).toEqual({
      status: 'success',
      message: 'Comment(s) added successfully.',
      data: [2],
    });
    const updated = await t.post(
      '/v2/commentannotations/comments/update',
      { ...doc, annotationId: 'a1', commentIds: [2, 99], updatedData: { commentText: 'Reply 2' } },
      h,
    );
    expect(updated.body.result.data).toEqual({
      '2': { success: true, id: 2, message: 'Updated successfully' },
      '99': { success: false, id: 99, message: 'Not found', code: 'not-found' },
    });
    const reaction = await t.post(
      '/v2/commentannotations/reactions/add',
      { ...doc, annotationId: 'a1', commentId: 1, icon: 'HEART', user: bob },
      h,
    );
    expect(reaction.body.result.data).toEqual({ success: true });
    const status = await t.post(
      '/v2/commentannotations/update',
      {
        ...doc,
        annotationIds: ['a1', 'nope'],
        updatedData: { status: { id: 'RESOLVED', type: 'terminal' }, assignedTo: bob },
      },
      h,
    );
    expect(status.body.result.data).toEqual({
      a1: { success: true, id: 'a1', message: 'Annotations updated successfully' },
      nope: { success: false, id: 'nope', message: 'Annotation not found.', code: 'not-found' },
    });
    const [a1] = await annotations({ annotationIds: ['a1'] });
    expect(a1.status.id).toBe('RESOLVED');
    expect(a1.assignedTo).toEqual(bob);
    expect(a1.comments[0].reactions).toEqual([
      { icon: 'HEART', from: bob, at: expect.any(Number) },
    ]);
    expect(a1.comments[1].commentText).toBe('Reply 2');
    const deleted = await t.post(
      '/v2/commentannotations/comments/delete',
      { ...doc, annotationId: 'a1', commentIds: [2] },
      h,
    );
    expect(deleted.body.result.data['2'].success).toBe(true);
    const missing = await t.post(
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'ghost', commentData: [{ from: bob }] },
      h,
    );
    expect(missing.status).toBe(404);
  });

  it('keeps element reactions, recordings, CRDT records and presence (ops 20, 21)', async () => {
    const r = await t.post(
      '/v2/reactions/add',
      {
        ...doc,
        reactions: [{ reactionId: 'r1', icon: 'THUMBS_UP', from: ann, location: { id: 'loc-1' } }],
      },
      h,
    );
    expect(r.body.result.data.r1.success).toBe(true);
    const rec = await t.post(
      '/v2/recordings/add',
      { ...doc, recordings: [{ recordingId: 'rec1', from: ann, location: { id: 'loc-2' } }] },
      h,
    );
    expect(rec.body.result.data.rec1.success).toBe(true);
    expect(
      (await t.post('/v2/recordings/get', { organizationId: 'org' }, h)).body.result.data[0],
    ).toMatchObject({ recordingId: 'rec1', from: ann });

    const crdt = await t.post(
      '/v2/crdt/add',
      {
        ...doc,
        editorId: 'e1',
        type: 'text',
        data: 'Hello',
        lastUpdatedBy: 'ann',
        sessionId: 's1',
      },
      h,
    );
    expect(crdt.body).toEqual({
      result: { status: 'success', message: 'CRDT data added successfully.', data: null },
    });
    expect(
      (await t.post('/v2/crdt/add', { ...doc, editorId: 'e1', type: 'text', data: 'x' }, h)).body
        .error.status,
    ).toBe('ALREADY_EXISTS');
    expect(
      (await t.post('/v2/crdt/update', { ...doc, editorId: 'e9', type: 'text', data: 'x' }, h))
        .status,
    ).toBe(404);
    expect(
      (await t.post('/v2/crdt/add', { ...doc, editorId: 'e2', type: 'map', data: 'not a map' }, h))
        .body.error.details.fields[0].field,
    ).toBe('data.data');
    await t.post(
      '/v2/crdt/add',
      { ...doc, editorId: 'e2', type: 'map', data: { a: 1 }, lastUpdatedBy: 'bob' },
      h,
    );
    const one = await t.post('/v2/crdt/get', { ...doc, editorId: 'e1' }, h);
    expect(one.body.result).toEqual({
      status: 'success',
      message: 'CRDT data retrieved successfully.',
      data: [
        {
          data: 'Hello',
          id: 'e1',
          lastUpdate: expect.stringMatching(/Z$/),
          lastUpdatedBy: 'ann',
          sessionId: 's1',
        },
      ],
    });
    expect(
      (await t.post('/v2/crdt/get', doc, h)).body.result.data.map((c: { id: string }) => c.id),
    ).toEqual(['e1', 'e2']);
    const noOrg = await t.post('/v2/crdt/get', { documentId: 'doc' }, h);
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.error.status).toBe('INVALID_ARGUMENT');
    expect(noOrg.body.error.details.fields[0].field).toBe('data.organizationId');

    await t.post('/v2/presence/add', { ...doc, users: [ann, bob, { userId: 'cy' }] }, h);
    const gone = await t.post('/v2/presence/delete', { ...doc, userIds: ['bob', 'cy'] }, h);
    expect(gone.body).toEqual({
      result: {
        status: 'success',
        message: 'Presence deleted successfully.',
        data: { success: true },
      },
    });
    const present = await t.post('/v2/presence/get', doc, h);
    expect(present.body.result.data.map((u: { userId: string }) => u.userId)).toEqual(['ann']);
  });

  it('deletes every kind of data at one location and nothing else, with body credentials (op 13, D2.6)', async () => {
    await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          { annotationId: 'a2', location: { id: 'loc-2' }, commentData: [{ from: bob }] },
        ],
      },
      h,
    );
    const res = await t.post('/v1/organizations/documents/locations/data/delete', {
      apiKey: ws.apiKey,
      authToken: ws.authToken,
      documentId: 'doc',
      location: { id: 'loc-1', locationName: 'Scene 1' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: { status: 'success', message: 'Data deleted successfully.', data: null },
    });
    expect((await annotations()).map((a: { annotationId: string }) => a.annotationId)).toEqual([
      'a2',
    ]);
    expect(
      (await t.post('/v2/reactions/get', { organizationId: 'org' }, h)).body.result.data,
    ).toEqual([]);
    expect(
      (await t.post('/v2/recordings/get', { organizationId: 'org' }, h)).body.result.data,
    ).toHaveLength(1);
    expect((await t.post('/v2/crdt/get', doc, h)).body.result.data).toHaveLength(2);

    const mismatch = await t.post(
      '/v1/organizations/documents/locations/data/delete',
      { apiKey: 'someone-else', authToken: 'x', documentId: 'doc', location: { id: 'loc-2' } },
      h,
    );
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error.status).toBe('PERMISSION_DENIED');
    const noCredentials = await t.post('/v1/organizations/documents/locations/data/delete', {
      documentId: 'doc',
      location: { id: 'loc-2' },
    });
    expect(noCredentials.status).toBe(401);
  });

  it('moves a document’s data with its migration and removes it with its deletion (D6.6, D6.7)', async () => {
    const m = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'org', documentId: 'doc', newDocumentId: 'doc-moved' },
      h,
    );
    const migrationId = m.body.result.data.migrationId;
    await waitFor(async () => {
      const s = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'org', migrationId },
        h,
      );
      return s.body.result.data.status === 'completed' ? true : undefined;
    });
    const moved = await waitFor(async () => {
      const data = await annotations({ documentId: 'doc-moved' });
      return data.length > 0 ? data : undefined;
    });
    expect(moved.map((a: { annotationId: string }) => a.annotationId)).toEqual(['a2']);
    expect(await annotations({ documentId: 'doc' })).toEqual([]);
    expect(
      (await t.post('/v2/crdt/get', { organizationId: 'org', documentId: 'doc-moved' }, h)).body
        .result.data,
    ).toHaveLength(2);

    await t.post(
      '/v1/organizations/documents/delete',
      { organizationId: 'org', documentIds: ['doc-moved'] },
      h,
    );
    await waitFor(async () => ((await annotations()).length === 0 ? true : undefined));
    expect(
      (await t.post('/v2/recordings/get', { organizationId: 'org' }, h)).body.result.data,
    ).toEqual([]);
    expect(
      (await t.post('/v2/presence/get', { organizationId: 'org', documentId: 'doc-moved' }, h)).body
        .result.data,
    ).toEqual([]);
  });

  it('refuses writes to a missing document, and another key sees none of it (D4.1)', async () => {
    const res = await t.post(
      '/v2/reactions/add',
      { organizationId: 'org', documentId: 'nope', reactions: [{ icon: 'x', from: ann }] },
      h,
    );
    expect(res.status).toBe(404);
    await t.post(
      '/v2/reactions/add',
      {
        organizationId: 'org',
        documentId: 'doc2',
        reactions: [{ reactionId: 'mine', icon: 'x', from: ann }],
      },
      h,
    );
    const other = t.apiKeyHeaders(await t.createApiKey(ws));
    expect(
      (await t.post('/v2/reactions/get', { organizationId: 'org' }, other)).body.result.data,
    ).toEqual([]);
    const del = await t.post(
      '/v2/reactions/delete',
      { organizationId: 'org', documentId: 'doc2', reactionIds: ['mine'] },
      other,
    );
    expect(del.status).toBe(404);
    expect(
      (await t.post('/v2/reactions/get', { organizationId: 'org' }, h)).body.result.data,
    ).toHaveLength(1);
  });
});

describe('collaboration data: bad input (D1.7, D5.1)', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
  });
  afterAll(() => t.close());

  const doc = { organizationId: 'org', documentId: 'doc' };
  const from = { userId: 'u' };
  it.each([
    [
      '/v2/commentannotations/add',
      { documentId: 'doc', commentAnnotations: [{ commentData: [{ from }] }] },
      'data.organizationId',
    ],
    ['/v2/commentannotations/add', { ...doc, commentAnnotations: [] }, 'data.commentAnnotations'],
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ commentData: [] }] },
      'data.commentAnnotations[0].commentData',
    ],
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ commentData: [{ commentText: 'x' }] }] },
      'data.commentAnnotations[0].commentData[0].from',
    ],
    [
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ commentData: [{ from: { name: 'no id' } }] }] },
      'data.commentAnnotations[0].commentData[0].from.userId',
    ],
    ['/v2/commentannotations/update', { ...doc, annotationIds: ['a'] }, 'data.updatedData'],
    ['/v2/commentannotations/delete', { ...doc, annotationIds: [] }, 'data.annotationIds'],
    [
      '/v2/commentannotations/comments/update',
      { ...doc, annotationId: 'a', commentIds: ['x'], updatedData: {} },
      'data.commentIds',
    ],
    [
      '/v2/commentannotations/reactions/add',
      { ...doc, annotationId: 'a', commentId: 1, user: from },
      'data.icon',
    ],
    ['/v2/reactions/add', { ...doc, reactions: [{ icon: 'x' }] }, 'data.reactions[0].from'],
    ['/v2/recordings/delete', { ...doc }, 'data.recordingIds'],
    ['/v2/crdt/add', { ...doc, editorId: 'e', data: 'x', type: 'blob' }, 'data.type'],
    ['/v2/crdt/update', { ...doc, data: 'x', type: 'text' }, 'data.editorId'],
    ['/v2/crdt/get', { organizationId: 'org' }, 'data.documentId'],
    ['/v2/presence/add', { ...doc, users: [{}] }, 'data.users[0].userId'],
    ['/v2/presence/delete', { ...doc, userIds: [] }, 'data.userIds'],
    ['/v1/organizations/documents/locations/data/delete', { documentId: 'doc' }, 'data.location'],
    [
      '/v1/organizations/documents/locations/data/delete',
      { documentId: 'doc', location: {} },
      'data.location.id',
    ],
  ])('%s refuses %j naming %s', async (path, data, field) => {
    const res = await t.post(path, data, h);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe(field);
  });
});

describe('collaboration data of every kind follows its document and its location', () => {
  let t: TestApp;
  let h: Record<string, string>;
  const author = { userId: 'writer', name: 'Wren' };

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
    for (const organizationId of ['org-1', 'org-2']) {
      await t.post(
        '/v2/organizations/documents/add',
        {
          organizationId,
          createOrganization: true,
          documents: [{ documentId: 'doc-a' }, { documentId: 'doc-b' }, { documentId: 'doc-m' }],
        },
        h,
      );
    }
  });
  afterAll(() => t.close());

  /** One record of every kind in a document; those that have a location get `locationId`. */
  async function seed(organizationId: string, documentId: string, locationId: string) {
    const doc = { organizationId, documentId };
    const location = { id: locationId };
    const id = `${organizationId}-${documentId}-${locationId}`;
    const writes = [
      [
        '/v2/commentannotations/add',
        { commentAnnotations: [{ annotationId: id, location, commentData: [{ from: author }] }] },
      ],
      [
        '/v2/reactions/add',
        { reactions: [{ reactionId: id, icon: 'UP', from: author, location }] },
      ],
      ['/v2/recordings/add', { recordings: [{ recordingId: id, from: author, location }] }],
      [
        '/v2/crdt/add',
        { editorId: id, type: 'text', data: 'x', lastUpdatedBy: 'writer', location },
      ],
      ['/v2/presence/add', { users: [author] }],
    ] as const;
    for (const [path, data] of writes) {
      const res = await t.post(path, { ...doc, ...data }, h);
      expect(res.status).toBe(200);
    }
  }

  /** How many records of each kind a document holds, read through the read operations. */
  async function kinds(organizationId: string, documentId: string) {
    const read = async (path: string) =>
      (await t.post(path, { organizationId, documentId }, h)).body.result.data.length;
    return {
      annotations: await read('/v2/commentannotations/get'),
      reactions: await read('/v2/reactions/get'),
      recordings: await read('/v2/recordings/get'),
      crdt: await read('/v2/crdt/get'),
      presence: await read('/v2/presence/get'),
    };
  }
  const counts = (n: number, presence: number) => ({
    annotations: n,
    reactions: n,
    recordings: n,
    crdt: n,
    presence,
  });

  it('op 13 removes every kind at that location of that document, and nothing else', async () => {
    await seed('org-1', 'doc-a', 'loc-1');
    await seed('org-1', 'doc-a', 'loc-2');
    await seed('org-1', 'doc-b', 'loc-1');
    await seed('org-2', 'doc-a', 'loc-1');
    const res = await t.post(
      '/v1/organizations/documents/locations/data/delete',
      { organizationId: 'org-1', documentId: 'doc-a', location: { id: 'loc-1' } },
      h,
    );
    expect(res.status).toBe(200);
    // Presence belongs to no location: it stays.
    expect(await kinds('org-1', 'doc-a')).toEqual(counts(1, 1));
    expect(await kinds('org-1', 'doc-b')).toEqual(counts(1, 1));
    expect(await kinds('org-2', 'doc-a')).toEqual(counts(1, 1));

    // Without organizationId (the hosted body has none): that document in every organization.
    await t.post(
      '/v1/organizations/documents/locations/data/delete',
      { documentId: 'doc-a', location: { id: 'loc-1' } },
      h,
    );
    expect(await kinds('org-2', 'doc-a')).toEqual(counts(0, 1));
    expect(await kinds('org-1', 'doc-a')).toEqual(counts(1, 1));
    expect(await kinds('org-1', 'doc-b')).toEqual(counts(1, 1));
  });

  it('a migration moves every kind to the new id; a deletion removes every kind', async () => {
    await seed('org-1', 'doc-m', 'loc-1');
    await seed('org-1', 'doc-m', 'loc-2');
    const m = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'org-1', documentId: 'doc-m', newDocumentId: 'doc-n' },
      h,
    );
    const { migrationId } = m.body.result.data;
    await waitFor(async () => {
      const s = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'org-1', migrationId },
        h,
      );
      return s.body.result.data.status === 'completed' ? true : undefined;
    });
    await waitFor(async () =>
      (await kinds('org-1', 'doc-m')).annotations === 0 ? true : undefined,
    );
    expect(await kinds('org-1', 'doc-m')).toEqual(counts(0, 0));
    expect(await kinds('org-1', 'doc-n')).toEqual(counts(2, 1));

    await t.post(
      '/v1/organizations/documents/delete',
      { organizationId: 'org-1', documentIds: ['doc-n'] },
      h,
    );
    await waitFor(async () =>
      (await kinds('org-1', 'doc-n')).annotations === 0 ? true : undefined,
    );
    expect(await kinds('org-1', 'doc-n')).toEqual(counts(0, 0));
    expect(await kinds('org-1', 'doc-b')).toEqual(counts(1, 1));
  });
});
