import {
  addOrganizations,
  addUsers,
  batchItem,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  setup,
  type Hosted,
} from './hosted-compat';

/** An item of the membership answers, as the hosted pages show one. */
const memberItem = { success: true, organizationUserGroupId: 'id', message: 'text' };

/** Makes a group (and its organization) with members. */
async function addGroupWithMembers(
  h: Hosted,
  organizationId: string,
  groupId: string,
  userIds: string[],
): Promise<void> {
  await addUsers(h, organizationId, userIds);
  await setup(h, '/v2/organizations/usergroups/add', {
    organizationId,
    organizationUserGroups: [{ groupId, groupName: groupId }],
  });
  await setup(h, '/v2/organizations/usergroups/users/add', {
    organizationId,
    organizationUserGroupId: groupId,
    userIds,
  });
}

// The collection's "User Groups" folder, then its OpenAPI operation.
describe('hosted compat: user groups', () => {
  const h = hostedApp();

  it('POST /v2/organizations/usergroups/add: Add User Groups', async () => {
    await addOrganizations(h, 'org-groups-add');
    const res = await h.call('/v2/organizations/usergroups/add', {
      organizationId: 'org-groups-add',
      organizationUserGroups: [{ groupId: 'engineering', groupName: 'Engineering' }],
    });
    expectDocumented(
      res,
      envelope('Organization User Groups added successfully.', byId(batchItem)),
    );
  });

  it('POST /v2/organizations/usergroups/users/add: Add Users to Groups', async () => {
    await addUsers(h, 'org-groups-users-add', ['yourUserId1']);
    await setup(h, '/v2/organizations/usergroups/add', {
      organizationId: 'org-groups-users-add',
      organizationUserGroups: [{ groupId: 'yourGroupId', groupName: 'Your group' }],
    });
    const res = await h.call('/v2/organizations/usergroups/users/add', {
      organizationId: 'org-groups-users-add',
      organizationUserGroupId: 'yourGroupId',
      userIds: ['yourUserId1'],
    });
    expectDocumented(
      res,
      envelope('Added organization users to group successfully.', byId(memberItem)),
    );
  });

  it('POST /v2/organizations/usergroups/users/delete: Delete Users from Groups', async () => {
    await addGroupWithMembers(h, 'org-groups-users-delete', 'yourGroupId', ['yourUserId1']);
    const res = await h.call('/v2/organizations/usergroups/users/delete', {
      organizationId: 'org-groups-users-delete',
      organizationUserGroupId: 'yourGroupId',
      userIds: ['yourUserId1'],
    });
    expectDocumented(res, envelope('Deleted users from group successfully.', byId(memberItem)));
  });

  it('POST /v2/organizations/usergroups/users/delete: Delete all users from group', async () => {
    await addGroupWithMembers(h, 'org-groups-users-delete-all', 'yourGroupId', ['u1', 'u2']);
    const res = await h.call('/v2/organizations/usergroups/users/delete', {
      organizationId: 'org-groups-users-delete-all',
      organizationUserGroupId: 'yourGroupId',
      deleteAll: true,
    });
    expectDocumented(res, envelope('Deleted users from group successfully.', byId(memberItem)));
    expect(Object.keys(res.body.result.data)).toEqual(['u1', 'u2']);
  });

  it('openapi: POST /organizations/usergroups/add', async () => {
    await addOrganizations(h, 'org-openapi-groups');
    const res = await h.call('/v2/organizations/usergroups/add', {
      organizationId: 'org-openapi-groups',
      organizationUserGroups: [{ groupId: 'engineering', groupName: 'Engineering' }],
    });
    // The operation documents an object answer.
    expectDocumented(res, envelope('text', {}));
  });
});
