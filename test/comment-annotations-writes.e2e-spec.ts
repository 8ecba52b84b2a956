import { createTestApp, type TestApp } from '@app/testing';

const ann = { userId: 'ann', name: 'Ann' };
const bob = { userId: 'bob', name: 'Bob' };
const OPEN = { id: 'OPEN', name: 'Open', type: 'default' };
const DONE = { id: 'RESOLVED', name: 'Resolved', type: 'terminal' };
const BUSY = { id: 'IN_PROGRESS', name: 'In progress', type: 'ongoing' };

interface View {
  annotationId: string;
  [key: string]: unknown;
}

// `/v2/commentannotations/update|delete` by the hosted filter forms (document, locations,
// authors) without ids, and the hosted update fields, read back through get.
describe('comment annotations: update and delete by filters', () => {
  let t: TestApp;
  let h: Record<string, string>;
  const doc = { organizationId: 'org', documentId: 'd1' };

  const post = async (path: string, data: object) => t.post(path, { ...doc, ...data }, h);
  const ok = async (path: string, data: object) => {
    const res = await post(path, data);
    expect({ path, status: res.status, body: res.body }).toEqual({
      path,
      status: 200,
      body: expect.anything(),
    });
    return res.body.result.data;
  };
  const read = async (filter: object = {}): Promise<View[]> =>
    (await t.post('/v2/commentannotations/get', { organizationId: 'org', ...filter }, h)).body
      .result.data;
  const byId = async (id: string) => (await read({ annotationIds: [id] }))[0];
  const ids = async (filter: object) => (await read(filter)).map((a) => a.annotationId).sort();
  const thread = (annotationId: string, from: object, location?: string) => ({
    annotationId,
    ...(location && { location: { id: location } }),
    status: OPEN,
    commentData: [{ from, commentText: 'hi' }],
  });
  /**
   * The derived activity records of an action, once the background work is done (a
   * subscriber still behind or failing is named if it is not done in time).
   */
  const logged = async (actionType: string, count: number) => {
    await t.settle(20_000);
    const res = await t.post(
      '/v2/activities/get',
      { organizationId: 'org', actionTypes: [actionType] },
      h,
    );
    const found = res.body.result.data as { targetEntityId?: string }[];
    expect(found.length).toBeGreaterThanOrEqual(count);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
    await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        documents: [{ documentId: 'd1' }, { documentId: 'd2' }],
      },
      h,
    );
    const on = await t.post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { isEnabled: true } },
      h,
    );
    if (on.status !== 200) throw new Error(`setup: ${JSON.stringify(on.body)}`);
    for (const [documentId, annotations] of [
      ['d1', [thread('a1', ann, 'L1'), thread('a2', bob, 'L1'), thread('a3', ann, 'L2')]],
      ['d2', [thread('b1', ann, 'L1')]],
    ] as const) {
      const res = await t.post(
        '/v2/commentannotations/add',
        { organizationId: 'org', documentId, commentAnnotations: annotations },
        h,
      );
      if (res.status !== 200) throw new Error(`setup: ${JSON.stringify(res.body)}`);
    }
  });
  afterAll(() => t.close());

  it('updates by location and author without ids, each annotation its own events', async () => {
    const data = await ok('/v2/commentannotations/update', {
      locationIds: ['L1'],
      userIds: ['ann'],
      updatedData: { status: BUSY },
    });
    expect(data).toEqual({
      a1: { success: true, id: 'a1', message: 'Annotations updated successfully' },
    });
    expect(await ids({ statusIds: ['IN_PROGRESS'] })).toEqual(['a1']);

    // By document: every annotation of d1, none of d2.
    const all = await ok('/v2/commentannotations/update', {
      updatedData: { priority: { id: 'P1' } },
    });
    expect(Object.keys(all).sort()).toEqual(['a1', 'a2', 'a3']);
    expect((await byId('b1')).priority).toBeUndefined();
    // One status change record per annotation changed, as an update by id makes (D7.6).
    const records = await logged('comment_annotation.status_change', 1);
    expect(records).toHaveLength(1);

    // Ids with other filters: an id outside them fails as a missing one does (D5.3).
    expect(
      await ok('/v2/commentannotations/update', {
        annotationIds: ['a1', 'a2'],
        userIds: ['bob'],
        updatedData: { context: { x: 1 } },
      }),
    ).toEqual({
      a1: { success: false, id: 'a1', message: 'Annotation not found.', code: 'not-found' },
      a2: { success: true, id: 'a2', message: 'Annotations updated successfully' },
    });
  });

  it('stores and returns the hosted update fields; a reopening status clears the resolver', async () => {
    const changes = {
      status: DONE,
      resolvedByUserId: 'bob',
      statusUpdatedByUserId: 'bob',
      location: { id: 'L9', locationName: 'Nine' },
      targetElement: {
        elementId: 'el',
        targetText: 'word',
        occurrence: 2,
        selectAllContent: false,
      },
      suggestion: { status: 'accepted', targetId: 't', newValue: 3 },
      from: bob,
    };
    await ok('/v2/commentannotations/update', { annotationIds: ['a3'], updatedData: changes });
    // Each field is read back as given.
    expect(await byId('a3')).toMatchObject(changes);
    expect(await ids({ resolvedBy: 'bob' })).toEqual(['a3']);
    expect(await ids({ locationIds: ['L9'], userIds: ['bob'] })).toEqual(['a3']);

    await ok('/v2/commentannotations/update', {
      annotationIds: ['a3'],
      updatedData: { status: OPEN, resolvedByUserId: 'ann', statusUpdatedByUserId: 'ann' },
    });
    const reopened = await byId('a3');
    expect(reopened.resolvedByUserId).toBeUndefined();
    expect(reopened.statusUpdatedByUserId).toBe('ann');
    expect(await ids({ resolvedBy: 'bob' })).toEqual([]);
    // null clears; absent leaves.
    await ok('/v2/commentannotations/update', {
      annotationIds: ['a3'],
      updatedData: { statusUpdatedByUserId: null },
    });
    expect((await byId('a3')).statusUpdatedByUserId).toBeUndefined();
    expect((await byId('a3')).location).toEqual({ id: 'L9', locationName: 'Nine' });
  });

  it('replaces users wherever they appear (updateUsers)', async () => {
    const data = await ok('/v2/commentannotations/update', {
      userIds: ['ann'],
      updateUsers: [{ oldUser: { userId: 'ann' }, newUser: { userId: 'amy', name: 'Amy' } }],
    });
    expect(Object.keys(data)).toEqual(['a1']);
    const a1 = await byId('a1');
    expect(a1.from).toEqual({ userId: 'amy', name: 'Amy' });
    expect(a1).toMatchObject({ comments: [{ from: { userId: 'amy', name: 'Amy' } }] });
    expect(await ids({ userIds: ['amy'] })).toEqual(['a1']);
    expect(await ids({ documentId: 'd2', userIds: ['ann'] })).toEqual(['b1']);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    for (const [path, data, field] of [
      [
        '/v2/commentannotations/update',
        { updatedData: { suggestion: { status: 'done' } } },
        'data.updatedData.suggestion.status',
      ],
      ['/v2/commentannotations/update', { locationIds: [], updatedData: {} }, 'data.locationIds'],
      ['/v2/commentannotations/update', {}, 'data.updatedData'],
      [
        '/v2/commentannotations/update',
        { updateUsers: [{ oldUser: { userId: 'x' } }] },
        'data.updateUsers[0].newUser',
      ],
      [
        '/v2/commentannotations/update',
        { updatedData: { resolvedByUserId: 5 } },
        'data.updatedData.resolvedByUserId',
      ],
      [
        '/v2/commentannotations/update',
        { updatedData: { targetElement: { occurrence: 'x' } } },
        'data.updatedData.targetElement.occurrence',
      ],
      ['/v2/commentannotations/delete', { userIds: [] }, 'data.userIds'],
      ['/v2/commentannotations/delete', { agentId: 'spell-check' }, 'data.agentId'],
      ['/v2/commentannotations/delete', { agentUrls: ['https://example.com'] }, 'data.agentUrls'],
      ['/v2/commentannotations/delete', { agentSuggestions: true }, 'data.agentSuggestions'],
    ] as const) {
      const res = await post(path, data);
      expect({ path, data, status: res.status }).toEqual({ path, data, status: 400 });
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
    expect(await ids({ documentId: 'd1' })).toEqual(['a1', 'a2', 'a3']);
  });

  it('deletes by author, then by location, then the whole document, one event each', async () => {
    expect(
      await ok('/v2/commentannotations/delete', { userIds: ['bob'], agentSuggestions: false }),
    ).toEqual({
      a2: { success: true, id: 'a2', message: 'Deleted Successfully' },
      a3: { success: true, id: 'a3', message: 'Deleted Successfully' },
    });
    expect(await ids({ documentId: 'd1' })).toEqual(['a1']);
    expect(await ok('/v2/commentannotations/delete', { locationIds: ['L2'] })).toEqual({});
    expect(Object.keys(await ok('/v2/commentannotations/delete', {}))).toEqual(['a1']);
    expect(await ids({})).toEqual(['b1']);
    // Each deleted annotation makes its delete record (D7.6).
    const records = await logged('comment_annotation.delete', 3);
    expect(records).toHaveLength(3);
    // The other document's annotation stays; a delete of a missing id fails its item.
    expect(await ok('/v2/commentannotations/delete', { annotationIds: ['a1'] })).toEqual({
      a1: { success: false, id: 'a1', message: 'Annotation not found.', code: 'not-found' },
    });
  });

  it('refuses a sweep of more than 1000 annotations, changing none; narrowed, it runs (D5.1)', async () => {
    const many = (from: number, count: number, location: string) =>
      Array.from({ length: count }, (_, i) => thread(`m${from + i}`, bob, location));
    for (const annotations of [many(0, 1000, 'L7'), many(1000, 1, 'L8')]) {
      const res = await t.post(
        '/v2/commentannotations/add',
        { organizationId: 'org', documentId: 'd2', commentAnnotations: annotations },
        h,
      );
      expect(res.status).toBe(200);
    }
    const d2 = { organizationId: 'org', documentId: 'd2' };
    for (const path of ['/v2/commentannotations/update', '/v2/commentannotations/delete']) {
      const res = await t.post(path, { ...d2, updatedData: { priority: { id: 'P0' } } }, h);
      expect({ path, status: res.status, error: res.body.error?.status }).toEqual({
        path,
        status: 400,
        error: 'FAILED_PRECONDITION',
      });
    }
    // Neither call changed anything: the first, middle and last annotations are as added.
    expect(await ids({ annotationIds: ['b1', 'm0', 'm999', 'm1000'] })).toEqual([
      'b1',
      'm0',
      'm1000',
      'm999',
    ]);
    expect((await byId('m999')).priority).toBeUndefined();
    const narrowed = await t.post(
      '/v2/commentannotations/delete',
      { ...d2, locationIds: ['L8'] },
      h,
    );
    expect(Object.keys(narrowed.body.result.data)).toEqual(['m1000']);
  });
});
