import { createTestApp, type TestApp } from '@app/testing';

interface DocumentView {
  id: string;
  documentName: string;
  accessType: string;
  disabled: boolean;
  folderId?: string;
  lastUpdated: number;
  [key: string]: unknown;
}

const ann = { userId: 'ann', name: 'Ann', email: 'ann@example.com' };

// The hosted document calls that change existing documents: update, move (folders of the
// organization's tree), access type (D6.4) and disabled state (D6.6).
describe('document update, move, access and disabled state', () => {
  let t: TestApp;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
    await ok('/v2/organizations/folders/add', {
      organizationId: 'org',
      createOrganization: true,
      folders: [{ folderId: 'f' }, { folderId: 'g', parentFolderId: 'f' }],
    });
    await ok('/v2/organizations/documents/add', {
      organizationId: 'org',
      documents: [
        { documentId: 'd1', documentName: 'One', team: 'red', size: 1 },
        { documentId: 'd2', documentName: 'Two' },
        { documentId: 'd3', documentName: 'Three' },
      ],
    });
  });
  afterAll(() => t.close());

  async function ok(path: string, data: unknown) {
    const res = await t.post(path, data, h);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.result;
  }

  async function read(...documentIds: string[]): Promise<Record<string, DocumentView>> {
    const res = await ok('/v1/organizations/documents/get', { organizationId: 'org', documentIds });
    return Object.fromEntries((res.data as DocumentView[]).map((d) => [d.id, d]));
  }

  it('updates the name, merges metadata, sets access and disabled state; a missing document fails its item alone', async () => {
    const before = await read('d1');
    const res = await t.post(
      '/v2/organizations/documents/update',
      {
        organizationId: 'org',
        documents: [
          { documentId: 'd1', documentName: 'One renamed', size: 2, owner: 'ann' },
          { documentId: 'ghost', documentName: 'Nobody' },
          { documentId: 'd2', accessType: 'restricted', disabled: true },
        ],
      },
      h,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      status: 'success',
      message: 'Document(s) updated successfully.',
      data: {
        d1: { success: true, id: 'd1', message: 'Updated Successfully' },
        ghost: {
          success: false,
          id: 'ghost',
          message: 'Document does not exist',
          code: 'not-found',
        },
        d2: { success: true, id: 'd2', message: 'Updated Successfully' },
      },
    });
    const docs = await read('d1', 'd2', 'ghost');
    expect(Object.keys(docs)).toEqual(['d1', 'd2']);
    expect(docs.d1).toMatchObject({
      documentName: 'One renamed',
      team: 'red',
      size: 2,
      owner: 'ann',
      accessType: 'public',
      disabled: false,
    });
    expect(docs.d1.lastUpdated).toBeGreaterThanOrEqual(before.d1.lastUpdated);
    expect(docs.d2).toMatchObject({
      documentName: 'Two',
      accessType: 'restricted',
      disabled: true,
    });
    await ok('/v2/organizations/documents/update', {
      organizationId: 'org',
      documents: [{ documentId: 'd2', accessType: 'public', disabled: false }],
    });
  });

  it('moves documents into a folder and back to the top level; the folder filter reads them there', async () => {
    const res = await t.post(
      '/v2/organizations/documents/move',
      { organizationId: 'org', documentIds: ['d1', 'ghost', 'd3'], folderId: 'g' },
      h,
    );
    expect(res.body.result).toEqual({
      status: 'success',
      message: 'Documents moved successfully.',
      data: {
        d1: { success: true, id: 'd1', message: 'Moved Successfully' },
        ghost: {
          success: false,
          id: 'ghost',
          message: 'Document does not exist',
          code: 'not-found',
        },
        d3: { success: true, id: 'd3', message: 'Moved Successfully' },
      },
    });
    const inG = await ok('/v2/organizations/documents/get', {
      organizationId: 'org',
      folderId: 'g',
    });
    expect((inG.data as DocumentView[]).map((d) => d.id)).toEqual(['d1', 'd3']);

    await ok('/v2/organizations/documents/move', {
      organizationId: 'org',
      documentIds: ['d3'],
      folderId: 'root',
    });
    const docs = await read('d1', 'd3');
    expect(docs.d1.folderId).toBe('g');
    expect(docs.d3).not.toHaveProperty('folderId');
  });

  it('refuses a move into a missing folder or organization as a whole (NOT_FOUND), moving nothing', async () => {
    const folder = await t.post(
      '/v2/organizations/documents/move',
      { organizationId: 'org', documentIds: ['d2'], folderId: 'nowhere' },
      h,
    );
    expect(folder.status).toBe(404);
    expect(folder.body.error).toMatchObject({
      status: 'NOT_FOUND',
      details: { folderId: 'nowhere' },
    });
    const org = await t.post(
      '/v2/organizations/documents/move',
      { organizationId: 'no-org', documentIds: ['d2'], folderId: 'f' },
      h,
    );
    expect(org.status).toBe(404);
    expect((await read('d2')).d2).not.toHaveProperty('folderId');
  });

  it('sets the access type and answers it per document; a value outside the three is refused naming the field', async () => {
    const res = await t.post(
      '/v2/organizations/documents/access/update',
      { organizationId: 'org', documentIds: ['d3', 'ghost'], accessType: 'organizationPrivate' },
      h,
    );
    expect(res.body.result).toEqual({
      status: 'success',
      message: 'Updated access for documents successfully.',
      data: {
        d3: {
          success: true,
          id: 'd3',
          accessType: 'organizationPrivate',
          message: 'Document access type updated.',
        },
        ghost: {
          success: false,
          id: 'ghost',
          message: 'Document does not exist',
          code: 'not-found',
        },
      },
    });
    expect((await read('d3')).d3.accessType).toBe('organizationPrivate');
    const bad = await t.post(
      '/v2/organizations/documents/access/update',
      { organizationId: 'org', documentIds: ['d3'], accessType: 'private' },
      h,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^data\.accessType: /);
    expect((await read('d3')).d3.accessType).toBe('organizationPrivate');
  });

  it('sets the disabled state and answers it per document; disabled is required', async () => {
    const res = await t.post(
      '/v2/organizations/documents/access/disablestate/update',
      { organizationId: 'org', documentIds: ['d3'], disabled: true },
      h,
    );
    expect(res.body.result).toEqual({
      status: 'success',
      message: 'Updated disable state for documents successfully.',
      data: {
        d3: {
          success: true,
          id: 'd3',
          disabled: true,
          message: 'Document disabled state updated.',
        },
      },
    });
    expect((await read('d3')).d3.disabled).toBe(true);
    const missing = await t.post(
      '/v2/organizations/documents/access/disablestate/update',
      { organizationId: 'org', documentIds: ['d3'] },
      h,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^data\.disabled: /);
    await ok('/v2/organizations/documents/access/disablestate/update', {
      organizationId: 'org',
      documentIds: ['d3'],
      disabled: false,
    });
    expect((await read('d3')).d3.disabled).toBe(false);
  });
});

// D6.6: a disabled organization or document takes no new or changed user content (collaboration
// data, notifications): FAILED_PRECONDITION naming it, nothing written. Deletions, document
// management and reads still work; enabling it again allows writes again.
describe('writes in a disabled organization or document (D6.6)', () => {
  let t: TestApp;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
    for (const organizationId of ['org-doc', 'org-off']) {
      await ok('/v2/organizations/documents/add', {
        organizationId,
        createOrganization: true,
        documents: [{ documentId: 'doc' }],
      });
      const target = { organizationId, documentId: 'doc' };
      await ok('/v2/commentannotations/add', {
        ...target,
        commentAnnotations: [
          {
            annotationId: 'a1',
            location: { id: 'loc' },
            commentData: [{ commentText: 'First', from: ann }],
          },
        ],
      });
      await ok('/v2/recordings/add', {
        ...target,
        recordings: [{ recordingId: 'r1', from: ann, recordingType: 'audio' }],
      });
      await ok('/v2/presence/add', { ...target, users: [ann] });
      await ok('/v2/crdt/add', { ...target, editorId: 'e1', type: 'text', data: 'Hello' });
    }
  });
  afterAll(() => t.close());

  async function ok(path: string, data: unknown) {
    const res = await t.post(path, data, h);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.result;
  }

  /** Every write of user content the API has, in `organizationId`'s document `doc`. */
  const userWrites = (organizationId: string): [string, Record<string, unknown>][] => {
    const target = { organizationId, documentId: 'doc' };
    return [
      [
        '/v2/commentannotations/add',
        {
          ...target,
          commentAnnotations: [
            {
              annotationId: 'a2',
              location: { id: 'loc' },
              commentData: [{ commentText: 'Second', from: ann }],
            },
          ],
        },
      ],
      [
        '/v2/commentannotations/update',
        { ...target, annotationIds: ['a1'], updatedData: { status: { id: 'RESOLVED' } } },
      ],
      ['/v2/commentannotations/update', { ...target, updatedData: { status: { id: 'RESOLVED' } } }],
      [
        '/v2/commentannotations/comments/add',
        { ...target, annotationId: 'a1', commentData: [{ commentText: 'Reply', from: ann }] },
      ],
      [
        '/v2/commentannotations/comments/update',
        { ...target, annotationId: 'a1', commentIds: [1], updatedData: { commentText: 'Edited' } },
      ],
      [
        '/v2/commentannotations/reactions/add',
        { ...target, annotationId: 'a1', commentId: 1, icon: 'HEART', user: ann },
      ],
      [
        '/v2/reactions/add',
        { ...target, reactions: [{ icon: 'THUMBS_UP', from: ann, location: { id: 'loc' } }] },
      ],
      [
        '/v2/recordings/add',
        { ...target, recordings: [{ recordingId: 'r2', from: ann, recordingType: 'audio' }] },
      ],
      ['/v2/crdt/add', { ...target, editorId: 'e2', type: 'text', data: 'New' }],
      ['/v2/crdt/update', { ...target, editorId: 'e1', type: 'text', data: 'Changed' }],
      ['/v2/presence/add', { ...target, users: [{ userId: 'bob' }] }],
      ['/v2/presence/update', { ...target, users: [{ userId: 'ann', status: 'away' }] }],
      ['/v2/commentannotations/viewedby/add', { ...target, userId: 'bob', annotationIds: ['a1'] }],
      [
        '/v2/commentannotations/viewedby/delete',
        { ...target, userId: 'bob', annotationIds: ['a1'] },
      ],
      [
        '/v2/notifications/add',
        {
          ...target,
          notificationId: 'n1',
          actionUser: ann,
          displayHeadlineMessageTemplate: '{actionUser} wrote',
          notifyUsers: [ann],
        },
      ],
    ];
  };

  /** What the user writes above would change, read through the API (reads still work). */
  async function contentOf(organizationId: string) {
    const target = { organizationId, documentId: 'doc' };
    const reads: [string, Record<string, unknown>][] = [
      ['/v2/commentannotations/get', target],
      ['/v2/reactions/get', target],
      ['/v2/recordings/get', target],
      ['/v2/crdt/get', { ...target, editorId: 'e1' }],
      ['/v2/crdt/get', { ...target, editorId: 'e2' }],
      ['/v2/presence/get', target],
      ['/v2/notifications/get', target],
    ];
    const out: unknown[] = [];
    for (const [path, data] of reads) out.push((await ok(path, data)).data);
    return out;
  }

  async function expectAllRefused(organizationId: string, message: string, details: object) {
    const before = await contentOf(organizationId);
    for (const [path, data] of userWrites(organizationId)) {
      const res = await t.post(path, data, h);
      expect({ path, status: res.status, error: res.body.error }).toEqual({
        path,
        status: 400,
        error: { status: 'FAILED_PRECONDITION', message, details },
      });
    }
    expect(await contentOf(organizationId)).toEqual(before);
  }

  async function expectAllAccepted(organizationId: string) {
    for (const [path, data] of userWrites(organizationId)) {
      const res = await t.post(path, data, h);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  }

  it('a disabled document refuses every user write, naming it; deletions and reads work; enabled again, the writes go through', async () => {
    await ok('/v2/organizations/documents/access/disablestate/update', {
      organizationId: 'org-doc',
      documentIds: ['doc'],
      disabled: true,
    });
    await expectAllRefused(
      'org-doc',
      'Document doc is disabled: it takes no new or changed data until it is enabled again',
      { documentId: 'doc' },
    );
    // Deleting still works in a disabled document (an administrator cleans up).
    const deleted = await ok('/v2/recordings/delete', {
      organizationId: 'org-doc',
      documentId: 'doc',
      recordingIds: ['r1'],
    });
    expect(deleted.data.r1).toMatchObject({ success: true });
    await ok('/v2/presence/delete', {
      organizationId: 'org-doc',
      documentId: 'doc',
      userIds: ['ann'],
    });

    await ok('/v2/organizations/documents/access/disablestate/update', {
      organizationId: 'org-doc',
      documentIds: ['doc'],
      disabled: false,
    });
    await expectAllAccepted('org-doc');
  });

  it('a disabled organization refuses every user write in its documents, naming it, and a document made on the fly there; managing its documents still works', async () => {
    await ok('/v2/organizations/update', {
      organizations: [{ organizationId: 'org-off', disabled: true }],
    });
    await expectAllRefused(
      'org-off',
      'Organization org-off is disabled: it takes no new or changed data until it is enabled again',
      { organizationId: 'org-off' },
    );
    const onTheFly = await t.post(
      '/v2/commentannotations/add',
      {
        organizationId: 'org-off',
        documentId: 'new-doc',
        createDocument: true,
        commentAnnotations: [
          { location: { id: 'loc' }, commentData: [{ commentText: 'Hi', from: ann }] },
        ],
      },
      h,
    );
    expect(onTheFly.body.error).toMatchObject({ status: 'FAILED_PRECONDITION' });
    const docs = await ok('/v1/organizations/documents/get', { organizationId: 'org-off' });
    expect((docs.data as DocumentView[]).map((d) => d.id)).toEqual(['doc']);
    // Document management is administration: it works in a disabled organization.
    const renamed = await ok('/v2/organizations/documents/update', {
      organizationId: 'org-off',
      documents: [{ documentId: 'doc', documentName: 'Renamed while off' }],
    });
    expect(renamed.data.doc).toMatchObject({ success: true });

    await ok('/v2/organizations/update', {
      organizations: [{ organizationId: 'org-off', disabled: false }],
    });
    await expectAllAccepted('org-off');
  });
});
