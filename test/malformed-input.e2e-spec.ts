import request from 'supertest';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

const ann = { userId: 'ann', name: 'Ann' };
const doc = { organizationId: 'org', documentId: 'doc' };
const annotation = (from: unknown = ann) => ({ commentData: [{ commentText: 'hi', from }] });

// Values of the wrong shape are refused with INVALID_ARGUMENT naming the field, and stored nowhere.
describe('malformed input', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    await t.post(
      '/v2/organizations/documents/add',
      { ...doc, createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
    await t.post(
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ annotationId: 'a1', ...annotation() }] },
      h,
    );
  });
  afterAll(() => t.close());

  const refused = async (path: string, data: unknown, field: string) => {
    const res = await t.post(path, data, h);
    expect({ path, field, status: res.status, body: res.body }).toMatchObject({
      status: 400,
      body: { error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field }] } } },
    });
  };

  const asArray = (value: unknown) => [value];

  it('refuses an array or a scalar where an object belongs, in every such field', async () => {
    for (const wrong of [asArray, () => 'x', () => 7]) {
      const w = (value: unknown) => wrong(value);
      await refused(
        '/v2/commentannotations/add',
        { ...doc, commentAnnotations: [annotation(w(ann))] },
        'data.commentAnnotations[0].commentData[0].from',
      );
      await refused(
        '/v2/commentannotations/add',
        { ...doc, commentAnnotations: [{ ...annotation(), assignedTo: w(ann) }] },
        'data.commentAnnotations[0].assignedTo',
      );
      await refused(
        '/v2/commentannotations/add',
        { ...doc, commentAnnotations: [{ ...annotation(), location: w({ id: 'l' }) }] },
        'data.commentAnnotations[0].location',
      );
      await refused(
        '/v2/commentannotations/reactions/add',
        { ...doc, annotationId: 'a1', commentId: 1, icon: 'x', user: w(ann) },
        'data.user',
      );
      await refused(
        '/v2/commentannotations/update',
        { ...doc, annotationIds: ['a1'], updatedData: w({}) },
        'data.updatedData',
      );
      await refused(
        '/v2/commentannotations/comments/update',
        { ...doc, annotationId: 'a1', commentIds: [1], updatedData: w({}) },
        'data.updatedData',
      );
      await refused(
        '/v2/reactions/add',
        { ...doc, reactions: [{ icon: 'x', from: w(ann) }] },
        'data.reactions[0].from',
      );
      await refused(
        '/v2/reactions/add',
        { ...doc, reactions: [{ icon: 'x', from: ann, location: w({ id: 'l' }) }] },
        'data.reactions[0].location',
      );
      await refused(
        '/v2/recordings/add',
        { ...doc, recordings: [{ from: w(ann) }] },
        'data.recordings[0].from',
      );
      await refused(
        '/v2/recordings/add',
        { ...doc, recordings: [{ from: ann, location: w({ id: 'l' }) }] },
        'data.recordings[0].location',
      );
      await refused('/v2/presence/add', { ...doc, users: [w(ann)] }, 'data.users');
      await refused(
        '/v2/organizations/update',
        { organizations: [w({ organizationId: 'org' })] },
        'data.organizations',
      );
      await refused(
        '/v1/organizations/folders/update',
        { organizationId: 'org', folders: [w({ folderId: 'f' })] },
        'data.folders',
      );
      await refused(
        '/v1/users/update',
        { organizationId: 'org', users: [w({ userId: 'u' })] },
        'data.users',
      );
      await refused(
        '/v1/organizations/documents/locations/data/delete',
        { ...doc, location: w({ id: 'l' }) },
        'data.location',
      );
    }
    const wh = t.workspaceHeaders(ws);
    for (const [path, data, field] of [
      [
        '/v2/workspace/apikey/create',
        { ownerEmail: 'a@b.co', planInfo: [{ type: 'x' }] },
        'data.planInfo',
      ],
      [
        '/v2/workspace/apikey/create',
        { ownerEmail: 'a@b.co', emailServiceConfig: ['x'] },
        'data.emailServiceConfig',
      ],
      [
        '/v2/workspace/apikey/create',
        { ownerEmail: 'a@b.co', webhookServiceConfig: 'x' },
        'data.webhookServiceConfig',
      ],
    ] as const) {
      const res = await t.post(path, data, wh);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
    const res = await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: [{}] },
      h,
    );
    expect(res.body.error.details.fields[0].field).toBe('data.webhookServiceConfig');
  });

  it('stored none of it: the annotation, presence and users are as before', async () => {
    const read = await t.post('/v2/commentannotations/get', { organizationId: 'org' }, h);
    expect(read.body.result.data).toHaveLength(1);
    expect(read.body.result.data[0].comments[0].from).toEqual(ann);
    const presence = await t.post('/v2/presence/get', doc, h);
    expect(presence.body.result.data).toEqual([]);
  });

  it('refuses JSON nested deeper than 64 levels and accepts 64, without a 500', async () => {
    const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
    const send = (context: string) =>
      request(t.app.getHttpServer())
        .post('/v2/commentannotations/update')
        .set(h)
        .set('Content-Type', 'application/json')
        .send(
          `{"data":{"organizationId":"org","documentId":"doc","annotationIds":["a1"],"updatedData":{"context":${context}}}}`,
        );
    // data is level 1, updatedData 2, context 3: context may hold 61 more.
    expect((await send(nested(62))).status).toBe(200);
    for (const levels of [63, 1_500, 100_000]) {
      const res = await send(nested(levels));
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.message).toContain('64 levels');
    }
  });

  it('refuses a lone UTF-16 surrogate in a value or a key, naming where', async () => {
    for (const body of [
      '{"data":{"organizations":[{"organizationId":"x\\ud83dy"}]}}',
      '{"data":{"organizations":[{"organizationId":"o","\\udc00":1}]}}',
    ]) {
      const res = await request(t.app.getHttpServer())
        .post('/v2/organizations/update')
        .set(h)
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(
        'data.organizations[0]' + (body.includes('x\\u') ? '.organizationId' : ''),
      );
    }
    const paired = await t.post(
      '/v1/organizations/add',
      { organizations: [{ organizationId: 'o😀' }] },
      h,
    );
    expect(paired.status).toBe(200);
    const stored = await t.post('/v2/organizations/get', { organizationIds: ['o😀'] }, h);
    expect(stored.body.result.data.map((o: { id: string }) => o.id)).toEqual(['o😀']);
  });

  it('treats null in an optional field as absent', async () => {
    for (const path of [
      '/v2/commentannotations/get',
      '/v2/reactions/get',
      '/v2/recordings/get',
      '/v2/organizations/get',
      '/v2/users/get',
    ]) {
      const res = await t.post(path, { organizationId: 'org', pageSize: null, pageToken: null }, h);
      const absent = await t.post(path, { organizationId: 'org' }, h);
      // The same answer as without them: the first page, of the default size.
      expect({ path, status: res.status, result: res.body.result }).toEqual({
        path,
        status: 200,
        result: absent.body.result,
      });
    }
    const edit = await t.post(
      '/v2/commentannotations/comments/update',
      {
        ...doc,
        annotationId: 'a1',
        commentIds: [1],
        updatedData: { commentText: null, commentHtml: '<p>x</p>' },
      },
      h,
    );
    expect(edit.status).toBe(200);
    const read = await t.post('/v2/commentannotations/get', { organizationId: 'org' }, h);
    expect(read.body.result.data[0].comments[0]).toMatchObject({
      commentText: 'hi',
      commentHtml: '<p>x</p>',
    });
  });

  it('keeps null where it means something: unassign, remove a provider key', async () => {
    const assign = (assignedTo: unknown) =>
      t.post(
        '/v2/commentannotations/update',
        { ...doc, annotationIds: ['a1'], updatedData: { assignedTo } },
        h,
      );
    const assignee = async () =>
      (await t.post('/v2/commentannotations/get', { organizationId: 'org' }, h)).body.result.data[0]
        .assignedTo;
    expect((await assign(ann)).status).toBe(200);
    expect(await assignee()).toEqual(ann);
    expect((await assign(null)).status).toBe(200);
    expect(await assignee()).toBeUndefined();

    const providers = (value: unknown) =>
      t.post('/v2/workspace/aimodelconfig/update', { providers: value }, t.workspaceHeaders(ws));
    expect((await providers({ gemini: { apiKey: 'gm-key-1234' } })).status).toBe(200);
    const removed = await providers({ gemini: null });
    expect(removed.status).toBe(200);
    expect(removed.body.result.data.providers.gemini).toBeUndefined();
  });

  it('shows the last four characters of an AI key whole, an emoji included', async () => {
    const res = await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: 'sk-a😀bcd' } } },
      t.workspaceHeaders(ws),
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data.providers.openai.apiKeyLast4).toBe('😀bcd');
  });
});
