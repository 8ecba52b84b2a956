import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { DataSource } from 'typeorm';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };

const agent = {
  agentSource: 'external',
  agentId: 'a11y-bot',
  agentName: 'Accessibility Bot',
  executionId: 'run-1',
  reason: {
    title: 'Low contrast',
    description: 'Contrast is 2.1:1',
    severity: 'high',
    findingId: 'finding-7',
    findingType: 'pin',
    confidence: 90,
    source: 'instructions',
    myRule: 'wcag-1.4.3',
  },
};

const attachment = {
  attachmentId: 100001,
  name: 'shot.png',
  size: 1024,
  type: 'image',
  url: 'https://files.example.com/shot.png',
  mimeType: 'image/png',
  metadata: { width: 10 },
};

/** An annotation carrying every hosted field of the add (hosted add-comment-annotations page). */
const fullAnnotation = {
  annotationId: 'full',
  location: { id: 'loc-1', locationName: 'Scene 1' },
  targetElement: {
    elementId: 'el-1',
    targetText: 'Welcom',
    occurrence: 1,
    selectAllContent: false,
  },
  type: 'suggestion',
  commentType: 'chart',
  visibility: { type: 'restricted', userIds: ['ann', 'bob'] },
  suggestion: {
    targetId: 'row.123',
    targetType: 'custom',
    oldValue: { x: 205 },
    newValue: { x: 305 },
    summary: 'row.123: 205 -> 305',
    driftDetected: false,
    status: 'accepted',
    myCustomField: 'kept as-is',
  },
  commentData: [
    {
      commentId: 7,
      commentText: 'Bump x',
      from: ann,
      attachments: [attachment],
      agent,
      isCommentResolverUsed: false,
      isCommentTextAvailable: true,
    },
    { commentText: 'Agreed', from: bob },
  ],
};

// The hosted add calls (D10): their fields stored and read back, their answers, their flags.
describe('comment annotations: the hosted add', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let apiKey: string;
  const doc = { organizationId: 'org', documentId: 'doc' };

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    apiKey = ws.apiKey;
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
  });
  afterAll(() => t.close());

  const annotation = async (id: string, where = doc) =>
    (
      await t.post(
        '/v2/commentannotations/get',
        { organizationId: where.organizationId, documentId: where.documentId, annotationIds: [id] },
        h,
      )
    ).body.result.data[0];

  it('answers each annotation with its id, comment ids and finding id, and stores every hosted field', async () => {
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [fullAnnotation, { commentData: [{ commentText: 'Hi', from: bob }] }],
      },
      h,
    );
    expect(res.status).toBe(200);
    const data = res.body.result.data as Record<string, Record<string, unknown>>;
    expect(data.full).toEqual({
      success: true,
      id: 'full',
      message: 'Added Successfully',
      annotationId: 'full',
      commentIds: [7, 8],
      findingId: 'finding-7',
    });
    const [madeId] = Object.keys(data).filter((id) => id !== 'full');
    expect(data[madeId]).toEqual({
      success: true,
      id: madeId,
      message: 'Added Successfully',
      annotationId: madeId,
      commentIds: [1],
    });

    const full = await annotation('full');
    expect(full).toMatchObject({
      targetElement: fullAnnotation.targetElement,
      type: 'suggestion',
      commentType: 'chart',
      visibility: { type: 'restricted', userIds: ['ann', 'bob'] },
      // The caller's status is the server's to set.
      suggestion: { ...fullAnnotation.suggestion, status: 'pending' },
      agent,
      sourceType: 'agent',
    });
    expect(full.comments[0]).toMatchObject({
      commentId: 7,
      attachments: [attachment],
      agent,
      sourceType: 'agent',
      isCommentResolverUsed: false,
      isCommentTextAvailable: true,
    });
    expect(full.comments[1]).not.toHaveProperty('sourceType');
    expect(full.comments[1]).not.toHaveProperty('agent');
    const made = await annotation(madeId);
    for (const field of ['commentType', 'visibility', 'agent', 'sourceType']) {
      expect(made).not.toHaveProperty(field);
    }
    // Not stored; the get answers the hosted default (comment-annotations-hosted-answer).
    expect(made.type).toBe('comment');
  });

  it('keeps a suggestion only on a suggestion, and only the ids its visibility reads', async () => {
    await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'plain',
            suggestion: { targetId: 'x' },
            visibility: { type: 'public', userIds: ['ann'], organizationId: 'org' },
            commentData: [{ commentText: 'Hi', from: ann }],
          },
          {
            annotationId: 'org-only',
            visibility: { type: 'organizationPrivate', organizationId: 'org', userIds: ['ann'] },
            commentData: [{ commentText: 'Hi', from: ann }],
          },
        ],
      },
      h,
    );
    const plain = await annotation('plain');
    expect(plain).not.toHaveProperty('suggestion');
    expect(plain.visibility).toEqual({ type: 'public' });
    expect((await annotation('org-only')).visibility).toEqual({
      type: 'organizationPrivate',
      organizationId: 'org',
    });
  });

  it.each([
    ['commentAnnotations[0].type', { type: 'question' }],
    ['commentAnnotations[0].commentType', { commentType: 'note' }],
    ['commentAnnotations[0].visibility.type', { visibility: { type: 'secret' } }],
    ['commentAnnotations[0].visibility.userIds', { visibility: { type: 'restricted' } }],
    [
      'commentAnnotations[0].visibility.userIds',
      { visibility: { type: 'restricted', userIds: [] } },
    ],
    [
      'commentAnnotations[0].visibility.organizationId',
      { visibility: { type: 'organizationPrivate' } },
    ],
    ['commentAnnotations[0].targetElement.occurrence', { targetElement: { occurrence: 'one' } }],
    ['commentAnnotations[0].suggestion.driftDetected', { suggestion: { driftDetected: 'no' } }],
    [
      'commentAnnotations[0].commentData[0].agent.agentName',
      { comment: { agent: { ...agent, agentName: undefined } } },
    ],
    [
      'commentAnnotations[0].commentData[0].agent.agentSource',
      { comment: { agent: { ...agent, agentSource: 'mine' } } },
    ],
    [
      'commentAnnotations[0].commentData[0].agent.reason.severity',
      { comment: { agent: { ...agent, reason: { ...agent.reason, severity: 'urgent' } } } },
    ],
    [
      'commentAnnotations[0].commentData[0].agent.reason.confidence',
      { comment: { agent: { ...agent, reason: { ...agent.reason, confidence: 101 } } } },
    ],
    [
      'commentAnnotations[0].commentData[0].agent.reason.findingType',
      { comment: { agent: { ...agent, reason: { ...agent.reason, findingType: 'line' } } } },
    ],
    [
      'commentAnnotations[0].commentData[0].attachments[0].attachmentId',
      { comment: { attachments: [{ ...attachment, attachmentId: 'a' }] } },
    ],
    ['createDocument', { createDocument: 'yes' }],
    ['verifyUserPermissions', { verifyUserPermissions: 1 }],
  ])('refuses a bad %s whole, naming it, and stores nothing', async (field, change) => {
    // Ids of this case only: a case that stored something leaves the others unaffected.
    const [fine, bad] = [`fine-${field}`, `bad-${field}`].map((id) => id.replace(/[^\w-]/g, '_'));
    const { comment, createDocument, verifyUserPermissions, ...annotationChange } =
      change as Record<string, unknown>;
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        ...(createDocument !== undefined && { createDocument }),
        ...(verifyUserPermissions !== undefined && { verifyUserPermissions }),
        commentAnnotations: [
          { annotationId: fine, commentData: [{ commentText: 'Hi', from: ann }] },
          {
            annotationId: bad,
            ...annotationChange,
            commentData: [{ commentText: 'Hi', from: ann, ...(comment as object) }],
          },
        ].reverse(),
      },
      h,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).toContain(
      `data.${field}`,
    );
    expect(await annotation(fine)).toBeUndefined();
    expect(await annotation(bad)).toBeUndefined();
  });

  it('makes a missing document and organization only when asked (createDocument, createOrganization)', async () => {
    const add = (where: { organizationId: string; documentId: string }, flags: object) =>
      t.post(
        '/v2/commentannotations/add',
        {
          ...where,
          ...flags,
          commentAnnotations: [
            { annotationId: 'x', commentData: [{ commentText: 'Hi', from: ann }] },
          ],
        },
        h,
      );
    const newDoc = { organizationId: 'org', documentId: 'new-doc' };
    expect((await add(newDoc, {})).body.error.status).toBe('NOT_FOUND');
    const newOrg = { organizationId: 'new-org', documentId: 'new-doc' };
    // A document is not made in an organization that is not there, nor asked to be made.
    expect((await add(newOrg, { createDocument: true })).body.error.status).toBe('NOT_FOUND');
    const orgs = async () =>
      (await t.post('/v2/organizations/get', { organizationIds: ['new-org'] }, h)).body.result.data;
    expect(await orgs()).toEqual([]);

    const made = await add(newOrg, { createOrganization: true, createDocument: true });
    expect(made.body.result.data.x).toMatchObject({ success: true, annotationId: 'x' });
    expect(await orgs()).toEqual([expect.objectContaining({ id: 'new-org' })]);
    const docs = await t.post(
      '/v2/organizations/documents/get',
      { organizationId: 'new-org', documentIds: ['new-doc'] },
      h,
    );
    expect(docs.body.result.data).toEqual([expect.objectContaining({ id: 'new-doc' })]);
    expect(await annotation('x', newOrg)).toMatchObject({ annotationId: 'x' });

    expect((await add(newDoc, { createDocument: true })).body.result.data.x.success).toBe(true);
    // verifyUserPermissions is accepted (the server keeps no per-user permissions to check).
    const verified = await t.post(
      '/v2/commentannotations/comments/add',
      {
        ...newDoc,
        annotationId: 'x',
        verifyUserPermissions: true,
        commentData: [{ commentText: 'More', from: bob }],
      },
      h,
    );
    expect(verified.body.result.data).toEqual([2]);
  });

  it("another key's create flags make its own organization and document, never touch this key's (D4.1)", async () => {
    const ws = await t.createWorkspace();
    const other = t.apiKeyHeaders(ws);
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        createOrganization: true,
        createDocument: true,
        commentAnnotations: [
          { annotationId: 'full', commentData: [{ commentText: 'B', from: bob }] },
        ],
      },
      other,
    );
    // `full` exists in this key's document, not in the other key's.
    expect(res.body.result.data.full).toMatchObject({ success: true, commentIds: [1] });
    const theirs = await t.post(
      '/v2/commentannotations/get',
      { ...doc, annotationIds: ['full'] },
      other,
    );
    expect(theirs.body.result.data.map((a: { comments: unknown[] }) => a.comments.length)).toEqual([
      1,
    ]);
    expect((await annotation('full')).comments[0].commentText).toBe('Bump x');
    const docs = await t.post('/v2/organizations/documents/get', { organizationId: 'org' }, other);
    expect(docs.body.result.data).toEqual([expect.objectContaining({ id: 'doc' })]);
  });

  it('comments/add stores attachments and agent replies and answers their ids', async () => {
    const res = await t.post(
      '/v2/commentannotations/comments/add',
      {
        ...doc,
        annotationId: 'full',
        commentData: [
          { commentText: 'See file', from: bob, attachments: [attachment] },
          { commentText: 'Fixed', from: { userId: 'bot' }, agent },
        ],
      },
      h,
    );
    expect(res.body.result).toEqual({
      status: 'success',
      message: 'Comment(s) added successfully.',
      data: [9, 10],
    });
    const full = await annotation('full');
    expect(full.comments[2]).toMatchObject({ commentId: 9, attachments: [attachment] });
    expect(full.comments[3]).toMatchObject({ commentId: 10, agent, sourceType: 'agent' });
    const bad = await t.post(
      '/v2/commentannotations/comments/add',
      {
        ...doc,
        annotationId: 'full',
        commentData: [{ commentText: 'x', from: bob, attachments: [{ name: 'no id' }] }],
      },
      h,
    );
    expect(bad.body.error.details.fields[0].field).toBe(
      'data.commentData[0].attachments[0].attachmentId',
    );
    const missing = await t.post(
      '/v2/commentannotations/comments/add',
      {
        organizationId: 'org',
        documentId: 'other-doc',
        annotationId: 'full',
        commentData: [{ commentText: 'x', from: bob }],
      },
      h,
    );
    expect(missing.body.error.status).toBe('NOT_FOUND');
  });

  it("erasing a user takes them out of annotations' visibility, the log included (D8.3)", async () => {
    const where = { organizationId: 'erase-org', documentId: 'erase-doc' };
    const gone = 'visible-only-user';
    await t.post(
      '/v2/commentannotations/add',
      {
        ...where,
        createOrganization: true,
        createDocument: true,
        commentAnnotations: [
          {
            annotationId: 'private',
            visibility: { type: 'restricted', userIds: ['ann', gone] },
            commentData: [{ commentText: 'Hi', from: ann }],
          },
        ],
      },
      h,
    );
    // Operation 16 answers 202 with its data at the top.
    const { jobId } = (await t.post('/v2/users/data/delete', { userIds: [gone] }, h)).body.data;
    await waitFor(async () => {
      const status = await t.post('/v1/users/data/delete/status', { jobId }, h);
      return status.body.result.data.isDeleteCompleted ? true : undefined;
    }, 60_000);
    expect((await annotation('private', where)).visibility).toEqual({
      type: 'restricted',
      userIds: ['ann'],
    });
    const [{ count }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS count FROM events WHERE data::text LIKE $1`, [`%${gone}%`]);
    expect(count).toBe(0);
  });

  it('recordings/get answers the hosted recorder fields', async () => {
    await t.post(
      '/v2/recordings/add',
      {
        ...doc,
        recordings: [
          {
            recordingId: 'rec-1',
            from: ann,
            recordingType: 'screen',
            mode: 'floating',
            recordedTime: { duration: 4204.55, display: '00:00:04' },
            latestVersion: 5,
          },
          { recordingId: 'rec-2', from: bob },
        ],
      },
      h,
    );
    const res = await t.post('/v2/recordings/get', { ...doc }, h);
    expect(res.body.result.data).toEqual([
      expect.objectContaining({
        recordingId: 'rec-1',
        annotationId: 'rec-1',
        type: 'recorder',
        recordingType: 'screen',
        mode: 'floating',
        recordedTime: { duration: 4204.55, display: '00:00:04' },
        latestVersion: 5,
        metadata: expect.objectContaining(doc),
      }),
      expect.objectContaining({ annotationId: 'rec-2', type: 'recorder', latestVersion: 1 }),
    ]);
    const bad = await t.post(
      '/v2/recordings/add',
      { ...doc, recordings: [{ from: ann, recordedTime: { display: '1s' } }] },
      h,
    );
    expect(bad.body.error.details.fields[0].field).toBe('data.recordings[0].recordedTime.duration');
  });

  it('crdt/add and crdt/update take contentKey', async () => {
    const write = (path: string, extra: object) =>
      t.post(path, { ...doc, editorId: 'tiptap', type: 'xml', data: '<p>Hi</p>', ...extra }, h);
    const stored = async () =>
      (
        await t.app.get(DataSource).query(
          `SELECT record FROM collab_records
             WHERE api_key = $1 AND kind = 'crdt' AND record_id = 'tiptap'`,
          [apiKey],
        )
      )[0].record;
    expect((await write('/v2/crdt/add', { contentKey: 'default' })).status).toBe(200);
    expect(await stored()).toMatchObject({ contentKey: 'default', data: '<p>Hi</p>' });
    expect((await write('/v2/crdt/update', {})).status).toBe(200);
    expect(await stored()).not.toHaveProperty('contentKey');
    const bad = await write('/v2/crdt/update', { contentKey: 5 });
    expect(bad.body.error.details.fields[0].field).toBe('data.contentKey');
  });
});
