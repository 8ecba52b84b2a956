import { createTestApp, type TestApp } from '@app/testing';
import { runProjectionsCommand } from '../apps/api/src/projections.command';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };

const annotationOf = (annotationId: string, extra: Record<string, unknown> = {}) => ({
  annotationId,
  commentData: [{ commentText: `On ${annotationId}`, from: ann }],
  ...extra,
});

// The hosted create flags as objects (the collection) or booleans (the pages), and the fields
// the hosted get answers that a stored annotation may lack (annotationNumber, locationId, the
// defaults of type, status and each comment's type, to and attachments).
describe('comment annotations: the hosted create flags and answer fields', () => {
  let t: TestApp;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
  });
  afterAll(() => t.close());

  const add = (data: Record<string, unknown>) =>
    t.post('/v2/commentannotations/add', { organizationId: 'org', ...data }, h);

  const annotations = async (documentId: string, organizationId = 'org') => {
    const res = await t.post('/v2/commentannotations/get', { organizationId, documentId }, h);
    expect(res.status).toBe(200);
    return res.body.result.data as Record<string, any>[];
  };

  const named = async (path: string, data: Record<string, unknown>) =>
    (await t.post(path, data, h)).body.result.data;

  it('makes the organization and document the objects name', async () => {
    const res = await t.post(
      '/v2/commentannotations/add',
      {
        organizationId: 'org-named',
        documentId: 'doc-named',
        createOrganization: { organizationName: 'Named Org', organizationType: 'team' },
        createDocument: { documentName: 'Named Doc', documentType: 'text' },
        commentAnnotations: [annotationOf('a1')],
      },
      h,
    );
    expect(res.status).toBe(200);
    expect(await named('/v2/organizations/get', { organizationIds: ['org-named'] })).toMatchObject([
      { id: 'org-named', organizationName: 'Named Org' },
    ]);
    expect(
      await named('/v2/organizations/documents/get', {
        organizationId: 'org-named',
        documentIds: ['doc-named'],
      }),
    ).toMatchObject([{ id: 'doc-named', documentName: 'Named Doc' }]);
  });

  it('names after their ids what `true` or an empty object makes', async () => {
    const comments = await t.post(
      '/v2/commentannotations/add',
      {
        organizationId: 'org-true',
        documentId: 'doc-true',
        createOrganization: true,
        createDocument: {},
        commentAnnotations: [annotationOf('a1')],
      },
      h,
    );
    expect(comments.status).toBe(200);
    expect(
      await named('/v2/organizations/documents/get', {
        organizationId: 'org-true',
        documentIds: ['doc-true'],
      }),
    ).toMatchObject([{ id: 'doc-true', documentName: 'doc-true' }]);
    // comments/add takes the same flags.
    const reply = await t.post(
      '/v2/commentannotations/comments/add',
      {
        organizationId: 'org-true',
        documentId: 'doc-true-2',
        createDocument: { documentName: 'Second' },
        annotationId: 'a1',
        commentData: [{ commentText: 'Reply', from: ann }],
      },
      h,
    );
    // The annotation is not in the new document: the document was made, the add refused.
    expect(reply.status).toBe(404);
  });

  it.each([false, undefined])('makes nothing when the flag is %s', async (flag) => {
    const res = await add({
      documentId: `doc-missing-${String(flag)}`,
      createOrganization: flag,
      createDocument: flag,
      commentAnnotations: [annotationOf('a1')],
    });
    expect(res.status).toBe(404);
  });

  it.each([
    ['data.createOrganization', { createOrganization: 'yes' }],
    ['data.createDocument', { createDocument: 1 }],
    ['data.createDocument', { createDocument: [] }],
    ['data.createOrganization.organizationName', { createOrganization: { organizationName: 5 } }],
    ['data.createDocument.documentName', { createDocument: { documentName: 'x'.repeat(1025) } }], // too long
    ['data.createDocument.documentType', { createDocument: { documentType: {} } }],
  ])('refuses a bad flag, naming %s', async (field, flags) => {
    const res = await add({
      documentId: 'doc-refused',
      ...flags,
      commentAnnotations: [annotationOf('a1')],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    const made = await named('/v2/organizations/documents/get', {
      organizationId: 'org',
      documentIds: ['doc-refused'],
    });
    expect(made ?? []).toEqual([]);
  });

  it('answers the hosted defaults of what was not given, and keeps what was', async () => {
    const status = { id: 'IN_PROGRESS', name: 'In progress', type: 'ongoing' };
    await add({
      documentId: 'doc-defaults',
      createOrganization: true,
      createDocument: true,
      commentAnnotations: [
        annotationOf('plain'),
        annotationOf('given', {
          type: 'suggestion',
          status,
          location: { id: 'loc-1', locationName: 'One' },
        }),
      ],
    });
    const byId = Object.fromEntries(
      (await annotations('doc-defaults')).map((a) => [a.annotationId, a]),
    );
    expect(byId.plain).toMatchObject({
      type: 'comment',
      status: {
        id: 'OPEN',
        name: 'Open',
        color: '#625DF5',
        lightColor: '#E7E8FA',
        type: 'default',
      },
      comments: [{ type: 'text', to: [], attachments: [] }],
    });
    expect(byId.plain).not.toHaveProperty('locationId');
    expect(byId.given).toMatchObject({ type: 'suggestion', status });
    expect(byId.given.locationId).toEqual(expect.any(Number));
  });

  it('gives a location the same number wherever it is, whatever its key order', async () => {
    await add({
      documentId: 'doc-locations',
      createDocument: true,
      commentAnnotations: [
        annotationOf('x1', { location: { id: 'loc-1', locationName: 'One' } }),
        annotationOf('x2', { location: { locationName: 'One', id: 'loc-1' } }),
        annotationOf('x3', { location: { id: 'loc-2', locationName: 'One' } }),
      ],
    });
    const byId = Object.fromEntries(
      (await annotations('doc-locations')).map((a) => [a.annotationId, a.locationId]),
    );
    expect(Number.isSafeInteger(byId.x1) && byId.x1 >= 0).toBe(true);
    expect(byId.x2).toBe(byId.x1);
    expect(byId.x3).not.toBe(byId.x1);
    const [other] = await annotations('doc-defaults');
    expect([byId.x1, undefined]).toContain(other.locationId);
  });

  const numbers = async (documentId: string) =>
    Object.fromEntries(
      (await annotations(documentId)).map((a) => [a.annotationId, a.annotationNumber]),
    );

  it('numbers annotations 1, 2, 3… per document in the order added, never reused', async () => {
    await add({
      documentId: 'doc-numbers',
      createDocument: true,
      commentAnnotations: [annotationOf('n1'), annotationOf('n2')],
    });
    await add({ documentId: 'doc-numbers', commentAnnotations: [annotationOf('n3')] });
    // Another document counts from 1.
    await add({
      documentId: 'doc-numbers-other',
      createDocument: true,
      commentAnnotations: [annotationOf('o1')],
    });
    // An update keeps the number; a deleted annotation's number is not given again.
    await t.post(
      '/v2/commentannotations/update',
      {
        organizationId: 'org',
        documentId: 'doc-numbers',
        annotationIds: ['n1'],
        updatedData: { status: { id: 'RESOLVED', type: 'terminal' } },
      },
      h,
    );
    await t.post(
      '/v2/commentannotations/delete',
      { organizationId: 'org', documentId: 'doc-numbers', annotationIds: ['n3'] },
      h,
    );
    await add({ documentId: 'doc-numbers', commentAnnotations: [annotationOf('n4')] });
    expect(await numbers('doc-numbers')).toEqual({ n1: 1, n2: 2, n4: 4 });
    expect(await numbers('doc-numbers-other')).toEqual({ o1: 1 });
  });

  it('never gives two concurrent adds in one document the same number', async () => {
    await add({
      documentId: 'doc-race',
      createDocument: true,
      commentAnnotations: [annotationOf('r0')],
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        add({ documentId: 'doc-race', commentAnnotations: [annotationOf(`r${i + 1}`)] }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const got = (Object.values(await numbers('doc-race')) as number[]).sort((a, b) => a - b);
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('gives the same numbers after the read table is rebuilt from the log', async () => {
    const before = await numbers('doc-numbers');
    const out: string[] = [];
    expect(
      await runProjectionsCommand(t.app, ['rebuild', 'collab-record'], (l) => out.push(l)),
    ).toBe(0);
    expect(await numbers('doc-numbers')).toEqual(before);
    expect(Object.keys(before)).toHaveLength(3);
  });
});
