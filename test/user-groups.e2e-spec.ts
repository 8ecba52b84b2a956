import { EventStore, ProjectionRebuilder } from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import { createTestApp, type TestApp } from '@app/testing';
import { DataSource } from 'typeorm';

type Res = { status: number; body: any };

// Hosted user groups (usergroups/add, users/add, users/delete), users/get's group filter and
// users/delete.
describe('user groups and users/delete', () => {
  let t: TestApp;
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    h = t.apiKeyHeaders(await t.createWorkspace());
  });
  afterAll(() => t.close());

  const call = (path: string, data: Record<string, unknown>) => t.post(path, data, h);
  const addGroups = (organizationId: string, groupIds: string[], more = {}) =>
    call('/v2/organizations/usergroups/add', {
      organizationId,
      organizationUserGroups: groupIds.map((groupId) => ({ groupId, groupName: `G ${groupId}` })),
      ...more,
    });
  const join = (organizationId: string, groupId: string, userIds: string[]) =>
    call('/v2/organizations/usergroups/users/add', {
      organizationId,
      organizationUserGroupId: groupId,
      userIds,
    });
  const leave = (organizationId: string, groupId: string, more: Record<string, unknown>) =>
    call('/v2/organizations/usergroups/users/delete', {
      organizationId,
      organizationUserGroupId: groupId,
      ...more,
    });
  const addUsers = (organizationId: string, userIds: string[], scope = {}) =>
    call('/v2/users/add', {
      organizationId,
      createOrganization: true,
      ...scope,
      users: userIds.map((userId) => ({ userId, name: `N ${userId}`, email: `${userId}@x.org` })),
    });
  const userIdsOf = (res: Res) =>
    (res.body.result.data as { userId: string }[]).map((u) => u.userId);
  const inGroups = async (organizationId: string, groupIds: string[], more = {}) =>
    userIdsOf(
      await call('/v2/users/get', { organizationId, organizationUserGroupIds: groupIds, ...more }),
    );
  const ok = (res: Res) => {
    expect({ status: res.status, body: res.body }).toMatchObject({
      status: 200,
      body: { result: { status: 'success' } },
    });
    return res.body.result.data;
  };

  it('adds groups with the hosted answer; an existing or repeated id fails its item alone', async () => {
    const res = await call('/v2/organizations/usergroups/add', {
      organizationId: 'o-add',
      createOrganization: true,
      organizationUserGroups: [
        { groupId: 'eng', groupName: 'Engineering', region: 'eu' },
        { groupId: 'ops' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Organization User Groups added successfully.',
        data: {
          eng: { success: true, id: 'eng', message: 'Organization user group added.' },
          ops: { success: true, id: 'ops', message: 'Organization user group added.' },
        },
      },
    });
    const again = await addGroups('o-add', ['eng', 'new', 'new']);
    expect(ok(again)).toEqual({
      eng: {
        success: false,
        id: 'eng',
        message: 'Organization user group already exists.',
        code: 'already-exists',
      },
      new: { success: false, id: 'new', message: 'Duplicate id in request', code: 'duplicate' },
    });
    const rows = await t.app
      .get(DataSource)
      .query(
        `SELECT group_id, group_name, metadata FROM user_groups WHERE organization_id = 'o-add' ORDER BY group_id`,
      );
    expect(rows).toEqual([
      { group_id: 'eng', group_name: 'Engineering', metadata: { region: 'eu' } },
      { group_id: 'ops', group_name: '', metadata: {} },
    ]);
  });

  it('refuses a missing organization without createOrganization, and bad input by field', async () => {
    const missing = await addGroups('o-nowhere', ['g']);
    expect(missing.status).toBe(404);
    expect(missing.body.error.status).toBe('NOT_FOUND');
    const noId = await call('/v2/organizations/usergroups/add', {
      organizationId: 'o-add',
      organizationUserGroups: [{ groupName: 'x' }],
    });
    expect(noId.status).toBe(400);
    expect(noId.body.error.message).toContain('groupId');
    const empty = await call('/v2/organizations/usergroups/add', {
      organizationId: 'o-add',
      organizationUserGroups: [],
    });
    expect(empty.body.error.message).toContain('organizationUserGroups');
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT 1 FROM user_groups WHERE organization_id = 'o-nowhere'`);
    expect(rows).toEqual([]);
  });

  it('adds members with the hosted answer, and users/get filters by group, a page at a time', async () => {
    await addUsers('o-m', ['a', 'b', 'c', 'd', 'e']);
    ok(await addGroups('o-m', ['g1', 'g2', 'g3']));
    const res = await join('o-m', 'g1', ['a', 'c', 'ghost']);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Added organization users to group successfully.',
        data: Object.fromEntries(
          ['a', 'c', 'ghost'].map((id) => [
            id,
            {
              success: true,
              id,
              organizationUserGroupId: 'g1',
              message: 'User added to organization user group.',
            },
          ]),
        ),
      },
    });
    ok(await join('o-m', 'g2', ['c', 'e']));
    expect(ok(await join('o-m', 'g1', ['a', 'b', 'b']))).toEqual({
      a: {
        success: false,
        id: 'a',
        organizationUserGroupId: 'g1',
        message: 'User is already in organization user group.',
        code: 'already-exists',
      },
      b: {
        success: false,
        id: 'b',
        organizationUserGroupId: 'g1',
        message: 'Duplicate id in request',
        code: 'duplicate',
      },
    });
    // Users with a record in the scope who are in any of the groups; `ghost` has no record.
    expect(await inGroups('o-m', ['g1'])).toEqual(['a', 'c']);
    expect(await inGroups('o-m', ['g1', 'g2'])).toEqual(['a', 'c', 'e']);
    expect(await inGroups('o-m', ['g1', 'g2'], { userIds: ['c', 'e', 'b'] })).toEqual(['c', 'e']);
    expect(await inGroups('o-m', ['g3'])).toEqual([]);
    expect(await inGroups('o-m', [])).toEqual([]);
    expect(await inGroups('o-m', ['g1'], { documentId: 'nowhere' })).toEqual([]);
    // Pages of one: each page holds its own row, the token carries the filter.
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await call('/v2/users/get', {
        organizationId: 'o-m',
        organizationUserGroupIds: ['g2', 'g1'],
        pageSize: 1,
        ...(pageToken ? { pageToken } : {}),
      });
      seen.push(...userIdsOf(page));
      pageToken = page.body.result.nextPageToken;
    } while (pageToken);
    expect(seen).toEqual(['a', 'c', 'e']);
    const first = await call('/v2/users/get', {
      organizationId: 'o-m',
      organizationUserGroupIds: ['g1'],
      pageSize: 1,
    });
    const changed = await call('/v2/users/get', {
      organizationId: 'o-m',
      organizationUserGroupIds: ['g2'],
      pageSize: 1,
      pageToken: first.body.result.nextPageToken,
    });
    expect(changed.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('filters all-document reads by group too', async () => {
    await call('/v2/organizations/documents/add', {
      organizationId: 'o-docs',
      createOrganization: true,
      documents: [{ documentId: 'd1' }, { documentId: 'd2' }],
    });
    await addUsers('o-docs', ['p', 'q'], { documentId: 'd1' });
    await addUsers('o-docs', ['p', 'r'], { documentId: 'd2' });
    ok(await addGroups('o-docs', ['team']));
    ok(await join('o-docs', 'team', ['p', 'r']));
    expect(await inGroups('o-docs', ['team'], { allDocuments: true })).toEqual(['p', 'r']);
    const grouped = await call('/v2/users/get', {
      organizationId: 'o-docs',
      organizationUserGroupIds: ['team'],
      allDocuments: true,
      groupByDocumentId: true,
    });
    const byDoc = ok(grouped) as Record<string, { userId: string }[]>;
    expect(
      Object.fromEntries(Object.entries(byDoc).map(([d, us]) => [d, us.map((u) => u.userId)])),
    ).toEqual({ d1: ['p'], d2: ['p', 'r'] });
    expect(await inGroups('o-docs', ['team'], { documentId: 'd1' })).toEqual(['p']);
  });

  it('a missing group (or organization) fails every item not-found and changes nothing', async () => {
    ok(await addGroups('o-miss', ['real'], { createOrganization: true }));
    for (const [organizationId, groupId] of [
      ['o-miss', 'unknown'],
      ['o-never', 'real'],
    ]) {
      for (const res of [
        await join(organizationId, groupId, ['u1']),
        await leave(organizationId, groupId, { userIds: ['u1'] }),
      ]) {
        expect(ok(res)).toEqual({
          u1: {
            success: false,
            id: 'u1',
            organizationUserGroupId: groupId,
            message: 'Organization user group does not exist.',
            code: 'not-found',
          },
        });
      }
    }
    const all = await leave('o-miss', 'unknown', { deleteAll: true });
    expect(all.status).toBe(404);
    expect(
      await t.app
        .get(DataSource)
        .query(`SELECT 1 FROM user_group_members WHERE organization_id IN ('o-miss', 'o-never')`),
    ).toEqual([]);
  });

  it('removes members by userIds (hosted answer) or all of them with deleteAll', async () => {
    ok(await addGroups('o-rm', ['g'], { createOrganization: true }));
    await addUsers('o-rm', ['a', 'b', 'c']);
    ok(await join('o-rm', 'g', ['a', 'b', 'c']));
    const res = await leave('o-rm', 'g', { userIds: ['a', 'z'] });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Deleted users from group successfully.',
        data: {
          a: {
            success: true,
            id: 'a',
            organizationUserGroupId: 'g',
            message: 'User deleted from organization user group.',
          },
          z: {
            success: false,
            id: 'z',
            organizationUserGroupId: 'g',
            message: 'User is not in organization user group.',
            code: 'not-found',
          },
        },
      },
    });
    expect(await inGroups('o-rm', ['g'])).toEqual(['b', 'c']);
    expect(Object.keys(ok(await leave('o-rm', 'g', { deleteAll: true })))).toEqual(['b', 'c']);
    expect(await inGroups('o-rm', ['g'])).toEqual([]);
    // A member may join again after leaving.
    ok(await join('o-rm', 'g', ['a']));
    expect(await inGroups('o-rm', ['g'])).toEqual(['a']);
  });

  it('refuses usergroups/users/delete without userIds, or with both userIds and deleteAll', async () => {
    for (const more of [
      {},
      { deleteAll: false },
      { userIds: null },
      { userIds: [] },
      { userIds: ['a'], deleteAll: true },
    ]) {
      const res = await leave('o-rm', 'g', more);
      expect({ more, status: res.status, error: res.body.error?.status }).toEqual({
        more,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.message).toContain('userIds');
    }
    expect(await inGroups('o-rm', ['g'])).toEqual(['a']);
  });

  it('users/delete removes users from the organization: every record and membership; what they wrote stays', async () => {
    await call('/v2/organizations/documents/add', {
      organizationId: 'o-del',
      createOrganization: true,
      folderId: 'f',
      createFolder: true,
      documents: [{ documentId: 'doc' }],
    });
    await addUsers('o-del', ['gone', 'kept']);
    await addUsers('o-del', ['gone', 'kept'], { documentId: 'doc' });
    await addUsers('o-del', ['gone'], { folderId: 'f' });
    ok(await addGroups('o-del', ['g']));
    ok(await join('o-del', 'g', ['gone', 'kept']));
    ok(
      await call('/v2/commentannotations/add', {
        organizationId: 'o-del',
        documentId: 'doc',
        commentAnnotations: [
          {
            annotationId: 'by-gone',
            commentData: [{ commentText: 'Mine', from: { userId: 'gone', name: 'N gone' } }],
          },
        ],
      }),
    );
    await t.settle();
    const res = await call('/v2/users/delete', {
      organizationId: 'o-del',
      userIds: ['gone', 'nobody', 'kept', 'kept'],
    });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'User(s) deleted successfully.',
        data: {
          gone: { success: true, id: 'gone', message: 'User removed.' },
          nobody: {
            success: false,
            id: 'nobody',
            message: 'User does not exist.',
            code: 'not-found',
          },
          kept: {
            success: false,
            id: 'kept',
            message: 'Duplicate id in request',
            code: 'duplicate',
          },
        },
      },
    });
    for (const scope of [{}, { documentId: 'doc' }, { folderId: 'f' }]) {
      const read = await call('/v2/users/get', { organizationId: 'o-del', ...scope });
      expect(userIdsOf(read)).not.toContain('gone');
    }
    expect(await inGroups('o-del', ['g'])).toEqual(['kept']);
    const members = await t.app
      .get(DataSource)
      .query(`SELECT user_id FROM user_group_members WHERE organization_id = 'o-del'`);
    expect(members).toEqual([{ user_id: 'kept' }]);
    const annotations = await call('/v2/commentannotations/get', {
      organizationId: 'o-del',
      documentId: 'doc',
    });
    expect(ok(annotations).map((a: { annotationId: string }) => a.annotationId)).toEqual([
      'by-gone',
    ]);
    // Removed, they can be added again.
    expect(ok(await addUsers('o-del', ['gone'])).gone.success).toBe(true);
    expect(
      ok(await call('/v2/users/delete', { organizationId: 'o-del', userIds: ['gone'] })),
    ).toEqual({ gone: { success: true, id: 'gone', message: 'User removed.' } });
  });

  it('users/delete with documentId or folderId removes only that record', async () => {
    await call('/v2/organizations/documents/add', {
      organizationId: 'o-doc',
      createOrganization: true,
      folderId: 'f',
      createFolder: true,
      documents: [{ documentId: 'doc' }],
    });
    await addUsers('o-doc', ['u']);
    await addUsers('o-doc', ['u'], { documentId: 'doc' });
    await addUsers('o-doc', ['u'], { folderId: 'f' });
    expect(
      ok(
        await call('/v2/users/delete', {
          organizationId: 'o-doc',
          documentId: 'doc',
          userIds: ['u'],
        }),
      ),
    ).toEqual({ u: { success: true, id: 'u', message: 'User removed.' } });
    expect(
      ok(
        await call('/v2/users/delete', {
          organizationId: 'o-doc',
          documentId: 'doc',
          userIds: ['u'],
        }),
      ),
    ).toEqual({
      u: { success: false, id: 'u', message: 'User does not exist.', code: 'not-found' },
    });
    const left = async (scope: object) =>
      userIdsOf(await call('/v2/users/get', { organizationId: 'o-doc', ...scope }));
    expect(await left({ documentId: 'doc' })).toEqual([]);
    expect(await left({})).toEqual(['u']);
    expect(await left({ folderId: 'f' })).toEqual(['u']);
    ok(await call('/v2/users/delete', { organizationId: 'o-doc', folderId: 'f', userIds: ['u'] }));
    expect(await left({ folderId: 'f' })).toEqual([]);
    expect(await left({})).toEqual(['u']);
    const both = await call('/v2/users/delete', {
      organizationId: 'o-doc',
      documentId: 'doc',
      folderId: 'f',
      userIds: ['u'],
    });
    expect(both.status).toBe(400);
    const none = await call('/v2/users/delete', { organizationId: 'o-doc', userIds: [] });
    expect(none.body.error.message).toContain('userIds');
  });

  it('deleting the organization deletes its groups and memberships; a group made again starts empty', async () => {
    ok(await addGroups('o-gone', ['g'], { createOrganization: true }));
    await addUsers('o-gone', ['a']);
    ok(await join('o-gone', 'g', ['a']));
    ok(await addGroups('o-stays', ['g'], { createOrganization: true }));
    ok(await join('o-stays', 'g', ['a']));
    const apiKey = h['x-service-api-key'];
    await t.app.get(EventStore).append(
      [
        {
          streamId: 'test-organization-deleted:o-gone',
          streamType: 'test',
          expectedVersion: 0,
          events: [OrganizationDeleted({ apiKey, organizationId: 'o-gone', at: Date.now() })],
        },
      ],
      { apiKey },
    );
    await t.settle();
    const db = t.app.get(DataSource);
    const left = (table: string) =>
      db
        .query(`SELECT organization_id FROM ${table} ORDER BY organization_id`)
        .then((rows) =>
          rows
            .map((r: { organization_id: string }) => r.organization_id)
            .filter((o: string) => o === 'o-gone' || o === 'o-stays'),
        );
    expect(await left('user_groups')).toEqual(['o-stays']);
    expect(await left('user_group_members')).toEqual(['o-stays']);
    // The same id again is a new group, without the old one's members.
    ok(await addGroups('o-gone', ['g']));
    expect(await inGroups('o-gone', ['g'])).toEqual([]);
    expect(ok(await join('o-gone', 'g', ['a'])).a.success).toBe(true);
  });

  it('a rebuild of the projections gives the same rows', async () => {
    const db = t.app.get(DataSource);
    const snapshot = async () =>
      Promise.all(
        ['user_groups', 'user_group_members', 'users', 'user_stream_traces'].map((table) =>
          db.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3, 4`),
        ),
      );
    const before = await snapshot();
    const rebuilder = t.app.get(ProjectionRebuilder);
    expect(await rebuilder.rebuild('user-group')).toBeDefined();
    expect(await rebuilder.rebuild('user')).toBeDefined();
    expect(await snapshot()).toEqual(before);
  });
});
