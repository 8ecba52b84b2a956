import { DataSource } from 'typeorm';
import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';
import { ANNOTATION_READ_TYPES } from '../libs/collaboration/src/domain/annotation-reads.events';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };

// D10: comments of an annotation, total and unread counts with the read marks they compare
// (`viewedby/add|delete`, the SDK's markAsRead/markAsUnread), and presence update.
describe('comment reads and presence update', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let h: Record<string, string>;
  const org = { organizationId: 'org' };

  const post = (path: string, data: unknown) => t.post(path, data, h);
  const addDocuments = (...documentIds: string[]) =>
    post('/v2/organizations/documents/add', {
      ...org,
      createOrganization: true,
      documents: documentIds.map((documentId) => ({ documentId })),
    });
  const addAnnotation = async (
    documentId: string,
    annotationId: string,
    from = ann,
    status?: { id: string; name: string; type: string },
  ) => {
    const res = await post('/v2/commentannotations/add', {
      ...org,
      documentId,
      commentAnnotations: [
        {
          annotationId,
          ...(status && { status }),
          commentData: [{ commentText: `First of ${annotationId}`, from }],
        },
      ],
    });
    expect(res.status).toBe(200);
  };
  const reply = async (documentId: string, annotationId: string, from = bob) =>
    expect(
      (
        await post('/v2/commentannotations/comments/add', {
          ...org,
          documentId,
          annotationId,
          commentData: [{ commentText: 'A reply', from }],
        })
      ).status,
    ).toBe(200);
  const markRead = (documentId: string, userId: string, annotationIds: string[], read = true) =>
    post(`/v2/commentannotations/viewedby/${read ? 'add' : 'delete'}`, {
      ...org,
      documentId,
      userId,
      annotationIds,
    });
  const counts = async (userId: string, documentIds: string[], statusIds?: string[]) => {
    const res = await post('/v2/commentannotations/count/get', {
      ...org,
      documentIds,
      userId,
      ...(statusIds && { statusIds }),
    });
    expect(res.status).toBe(200);
    return res.body.result.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    await addDocuments('doc', 'doc2', 'doc-comments', 'doc-presence');
  });
  afterAll(() => t.close());

  it('counts annotations per document, unread until read, again unread after a reply', async () => {
    await addAnnotation('doc', 'a1');
    await addAnnotation('doc', 'a2');
    await addAnnotation('doc', 'a3', bob, { id: 'RESOLVED', name: 'Resolved', type: 'terminal' });
    // Ann wrote a1 and a2: read for her; Bob has read none of them.
    expect(await counts('ann', ['doc', 'doc2', 'nowhere'])).toEqual({
      doc: { total: 3, unread: 1 },
      doc2: { total: 0, unread: 0 },
      nowhere: { total: 0, unread: 0 },
    });
    expect(await counts('bob', ['doc'])).toEqual({ doc: { total: 3, unread: 2 } });
    expect(await counts('bob', ['doc'], ['OPEN'])).toEqual({ doc: { total: 2, unread: 2 } });

    const marked = await markRead('doc', 'bob', ['a1', 'missing', 'a1']);
    expect(marked.body).toEqual({
      result: {
        status: 'success',
        message: 'Annotations marked as read.',
        data: {
          a1: {
            success: false,
            id: 'a1',
            message: 'Duplicate id in request',
            code: 'duplicate',
          },
          missing: {
            success: false,
            id: 'missing',
            message: 'Annotation not found.',
            code: 'not-found',
          },
        },
      },
    });
    expect(await counts('bob', ['doc'])).toEqual({ doc: { total: 3, unread: 2 } });
    expect((await markRead('doc', 'bob', ['a1'])).body.result.data.a1.success).toBe(true);
    expect(await counts('bob', ['doc'])).toEqual({ doc: { total: 3, unread: 1 } });

    // Bob replies on a2: it is read for him (he wrote last), unread for Ann.
    await reply('doc', 'a2');
    expect(await counts('bob', ['doc'])).toEqual({ doc: { total: 3, unread: 0 } });
    expect(await counts('ann', ['doc'])).toEqual({ doc: { total: 3, unread: 2 } });
    // Ann reads a2; a reply by Bob after that makes it unread for her again.
    await markRead('doc', 'ann', ['a2']);
    expect(await counts('ann', ['doc'])).toEqual({ doc: { total: 3, unread: 1 } });
    await reply('doc', 'a2');
    expect(await counts('ann', ['doc'])).toEqual({ doc: { total: 3, unread: 2 } });

    // Marked unread again, a1 counts for Bob once more; unread twice changes nothing.
    await markRead('doc', 'bob', ['a1'], false);
    const again = await markRead('doc', 'bob', ['a1'], false);
    expect(again.body.result).toMatchObject({
      message: 'Annotations marked as unread.',
      data: { a1: { success: true, id: 'a1' } },
    });
    expect(await counts('bob', ['doc'])).toEqual({ doc: { total: 3, unread: 1 } });
  });

  it('drops read marks with their annotation, and refuses bad input naming the field', async () => {
    await addAnnotation('doc2', 'gone');
    await markRead('doc2', 'bob', ['gone']);
    expect(await counts('bob', ['doc2'])).toEqual({ doc2: { total: 1, unread: 0 } });
    await post('/v2/commentannotations/delete', {
      ...org,
      documentId: 'doc2',
      annotationIds: ['gone'],
    });
    await addAnnotation('doc2', 'gone');
    expect(await counts('bob', ['doc2'])).toEqual({ doc2: { total: 1, unread: 1 } });

    const cases: [string, unknown, string][] = [
      ['/v2/commentannotations/count/get', { ...org, documentIds: ['doc'] }, 'data.userId'],
      [
        '/v2/commentannotations/count/get',
        { ...org, userId: 'u', documentIds: [] },
        'data.documentIds',
      ],
      [
        '/v2/commentannotations/count/get',
        { ...org, userId: 'u', documentIds: Array.from({ length: 31 }, (_, i) => `d${i}`) },
        'data.documentIds',
      ],
      ['/v2/commentannotations/comments/get', { ...org, documentId: 'doc' }, 'data.annotationId'],
      [
        '/v2/commentannotations/comments/get',
        { ...org, documentId: 'doc', annotationId: 'a1', commentIds: ['x'] },
        'data.commentIds',
      ],
      [
        '/v2/commentannotations/viewedby/add',
        { ...org, documentId: 'doc', userId: 'u', annotationIds: [] },
        'data.annotationIds',
      ],
      ['/v2/presence/update', { ...org, documentId: 'doc', users: [{}] }, 'data.users[0].userId'],
    ];
    for (const [path, data, field] of cases) {
      const res = await post(path, data);
      expect({ path, status: res.status, body: res.body.error?.status }).toEqual({
        path,
        status: 400,
        body: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const missing = await markRead('nope', 'bob', ['a1']);
    expect(missing.status).toBe(404);
  });

  it('moves read marks with a migrated document; a deleted document or organization takes them', async () => {
    const marks = async (organizationId: string) =>
      t.app.get(DataSource).query(
        `SELECT document_id, annotation_id, user_id FROM collab_annotation_reads
           WHERE api_key = $1 AND organization_id = $2 ORDER BY 1, 2, 3`,
        [h['x-service-api-key'], organizationId],
      );
    const markEvents = async (organizationId: string) =>
      Number(
        (
          await t.app.get(DataSource).query(
            `SELECT count(*) AS n FROM events WHERE api_key = $1 AND type = ANY($3::text[])
                 AND data->>'organizationId' = $2`,
            [h['x-service-api-key'], organizationId, ANNOTATION_READ_TYPES],
          )
        )[0].n,
      );
    await addDocuments('doc-move', 'doc-drop');
    await addAnnotation('doc-move', 'm1');
    await addAnnotation('doc-drop', 'd1');
    await markRead('doc-move', 'bob', ['m1']);
    await markRead('doc-drop', 'bob', ['d1']);

    const started = await post('/v2/organizations/documents/migrate', {
      ...org,
      documentId: 'doc-move',
      newDocumentId: 'doc-moved',
    });
    const migrationId = started.body.result.data.migrationId;
    await waitFor(async () => {
      const s = await post('/v2/organizations/documents/migrate/status', { ...org, migrationId });
      return s.body.result.data.status === 'completed' ? true : undefined;
    });
    await t.settle();
    expect(await counts('bob', ['doc-moved'])).toEqual({ 'doc-moved': { total: 1, unread: 0 } });
    await post('/v1/organizations/documents/delete', { ...org, documentIds: ['doc-drop'] });
    await t.settle();
    // Bob's only mark left in the organization: m1, under its new document (a1 was taken back).
    expect((await marks('org')).filter((m: { user_id: string }) => m.user_id === 'bob')).toEqual([
      { document_id: 'doc-moved', annotation_id: 'm1', user_id: 'bob' },
    ]);

    // A whole organization: its marks and the streams of its read events go.
    const other = { organizationId: 'org-gone' };
    await post('/v2/organizations/documents/add', {
      ...other,
      createOrganization: true,
      documents: [{ documentId: 'g' }],
    });
    await post('/v2/commentannotations/add', {
      ...other,
      documentId: 'g',
      commentAnnotations: [{ annotationId: 'g1', commentData: [{ from: ann }] }],
    });
    const marked = await post('/v2/commentannotations/viewedby/add', {
      ...other,
      documentId: 'g',
      userId: 'bob',
      annotationIds: ['g1'],
    });
    expect(marked.body.result.data.g1.success).toBe(true);
    expect(await marks('org-gone')).toHaveLength(1);
    expect(await markEvents('org-gone')).toBe(1);
    expect((await post('/v2/organizations/delete', { organizationIds: ['org-gone'] })).status).toBe(
      200,
    );
    await t.settle();
    expect(await marks('org-gone')).toEqual([]);
    expect(await markEvents('org-gone')).toBe(0);
  });

  it('reads the comments of an annotation, all, by author, or by id with null for a missing one', async () => {
    await addAnnotation('doc-comments', 'c1');
    await reply('doc-comments', 'c1');
    const all = await post('/v2/commentannotations/comments/get', {
      ...org,
      documentId: 'doc-comments',
      annotationId: 'c1',
    });
    expect(all.status).toBe(200);
    expect(all.body.result.message).toBe('Comments retrieved successfully.');
    const comments = all.body.result.data as { commentId: number; from: { userId: string } }[];
    expect(comments.map((c) => c.from.userId)).toEqual(['ann', 'bob']);
    expect(comments[0]).toMatchObject({
      commentText: 'First of c1',
      type: 'text',
      to: [],
      attachments: [],
      createdAt: expect.any(Number),
    });

    const byAuthor = await post('/v2/commentannotations/comments/get', {
      ...org,
      documentId: 'doc-comments',
      annotationId: 'c1',
      userIds: ['bob'],
    });
    expect(byAuthor.body.result.data).toEqual([comments[1]]);
    const byId = await post('/v2/commentannotations/comments/get', {
      ...org,
      documentId: 'doc-comments',
      annotationId: 'c1',
      commentIds: [comments[1].commentId, 999999],
    });
    expect(byId.body.result.data).toEqual([comments[1], null]);

    const none = await post('/v2/commentannotations/comments/get', {
      ...org,
      documentId: 'doc-comments',
      annotationId: 'nope',
    });
    expect({ status: none.status, error: none.body.error?.status }).toEqual({
      status: 404,
      error: 'NOT_FOUND',
    });
  });

  it('updates present users and leaves out users not present', async () => {
    const doc = { ...org, documentId: 'doc-presence' };
    await post('/v2/presence/add', { ...doc, users: [{ ...ann, status: 'online' }, bob] });
    const res = await post('/v2/presence/update', {
      ...doc,
      users: [
        { userId: 'ann', status: 'away', name: 'Ann S.' },
        { userId: 'cy', status: 'online' },
      ],
    });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Presence updated successfully.',
        data: { success: true },
      },
    });
    const present = (await post('/v2/presence/get', doc)).body.result.data;
    expect(present).toEqual([
      { ...ann, name: 'Ann S.', status: 'away', lastSeen: expect.any(Number) },
      { ...bob, lastSeen: expect.any(Number) },
    ]);
    const missing = await post('/v2/presence/update', {
      ...org,
      documentId: 'nope',
      users: [{ userId: 'ann' }],
    });
    expect(missing.status).toBe(404);
  });
});
