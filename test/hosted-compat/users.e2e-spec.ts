import {
  addDocuments,
  addFolders,
  addOrganizations,
  addUsers,
  batchItem,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  setup,
  withoutKeys,
} from './hosted-compat';

const editor = { userId: 'yourUserId1', name: 'User Name', email: 'user@email.com' };

/** A user as the hosted pages list one. */
const listedUser = { email: 'email', name: 'name', userId: 'id' };

// The collection's "Users" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: users', () => {
  const h = hostedApp();

  it('POST /v2/users/add: Add Users', async () => {
    await addOrganizations(h, 'org-users-add');
    const res = await h.call('/v2/users/add', {
      organizationId: 'org-users-add',
      users: [{ ...editor, accessRole: 'editor' }],
    });
    expectDocumented(res, envelope('User(s) processed successfully.', byId(batchItem)));
  });

  it('POST /v2/users/get: Get Users', async () => {
    await addUsers(h, 'org-users-get', ['user-1', 'user-2']);
    const res = await h.call('/v2/users/get', { organizationId: 'org-users-get' });
    // The only page has no next token (D5.5).
    expectDocumented(
      res,
      withoutKeys(
        envelope('User(s) retrieved successfully.', [listedUser], { pageToken: 'token' }),
        'result.pageToken',
      ),
    );
  });

  it('POST /v2/users/update: Update Users', async () => {
    await addUsers(h, 'org-users-update', ['yourUserId1']);
    const res = await h.call('/v2/users/update', {
      organizationId: 'org-users-update',
      users: [{ ...editor, accessRole: 'editor' }],
    });
    expectDocumented(res, envelope('User(s) processed successfully.', byId(batchItem)));
  });

  it('POST /v2/users/delete: Delete Users', async () => {
    await addUsers(h, 'org-users-delete', ['yourUserId1']);
    const res = await h.call('/v2/users/delete', {
      organizationId: 'org-users-delete',
      userIds: ['yourUserId1'],
    });
    expectDocumented(
      res,
      envelope('User(s) deleted successfully.', byId({ success: true, message: 'text' })),
    );
  });

  it('POST /v2/users/delete: Delete users in a specific document', async () => {
    await addDocuments(h, 'org-users-delete-doc', ['yourDocumentId']);
    await addUsers(h, 'org-users-delete-doc', ['yourUserId1'], 'yourDocumentId');
    const res = await h.call('/v2/users/delete', {
      organizationId: 'org-users-delete-doc',
      documentId: 'yourDocumentId',
      userIds: ['yourUserId1'],
    });
    expectDocumented(
      res,
      envelope('User(s) deleted successfully.', byId({ success: true, message: 'text' })),
    );
  });

  it('POST /v2/users/get: Get users by organization and organization user group IDs', async () => {
    await addUsers(h, 'org-users-get-groups', ['yourUserId1', 'yourUserId2']);
    await setup(h, '/v2/organizations/usergroups/add', {
      organizationId: 'org-users-get-groups',
      organizationUserGroups: [{ groupId: 'yourOrganizationUserGroupId', groupName: 'Group' }],
    });
    await setup(h, '/v2/organizations/usergroups/users/add', {
      organizationId: 'org-users-get-groups',
      organizationUserGroupId: 'yourOrganizationUserGroupId',
      userIds: ['yourUserId1'],
    });
    const res = await h.call('/v2/users/get', {
      organizationId: 'org-users-get-groups',
      userIds: ['yourUserId1', 'yourUserId2'],
      organizationUserGroupIds: ['yourOrganizationUserGroupId'],
    });
    expectDocumented(
      res,
      withoutKeys(
        envelope('User(s) retrieved successfully.', [listedUser], { pageToken: 'token' }),
        'result.pageToken',
      ),
    );
    expect(res.body.result.data.map((u: { userId: string }) => u.userId)).toEqual(['yourUserId1']);
  });

  it('openapi: POST /users/add (a viewer of a document)', async () => {
    await addDocuments(h, 'org-openapi-users', ['yourDocumentId']);
    const res = await h.call('/v2/users/add', {
      organizationId: 'org-openapi-users',
      documentId: 'yourDocumentId',
      users: [{ ...editor, accessRole: 'viewer' }],
    });
    expectDocumented(res, envelope('User(s) processed successfully.', byId(batchItem)));
  });

  it('openapi: POST /users/get (all documents, grouped by document id)', async () => {
    await addDocuments(h, 'org-openapi-users-get', ['doc-1', 'doc-2']);
    await addUsers(h, 'org-openapi-users-get', ['user-1'], 'doc-1');
    await addUsers(h, 'org-openapi-users-get', ['user-2'], 'doc-2');
    const res = await h.call('/v2/users/get', {
      organizationId: 'org-openapi-users-get',
      allDocuments: true,
      groupByDocumentId: true,
    });
    expectDocumented(res, envelope('User(s) retrieved successfully.', byId([listedUser])));
  });

  it('openapi: POST /users/update', async () => {
    await addUsers(h, 'org-openapi-users-update', ['yourUserId1']);
    const res = await h.call('/v2/users/update', {
      organizationId: 'org-openapi-users-update',
      users: [{ ...editor, name: 'New Name' }],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });

  it('openapi: POST /users/delete (a folder)', async () => {
    await addFolders(h, 'org-openapi-users-delete', ['yourFolderId']);
    await setup(h, '/v2/users/add', {
      organizationId: 'org-openapi-users-delete',
      folderId: 'yourFolderId',
      users: [editor],
    });
    const res = await h.call('/v2/users/delete', {
      organizationId: 'org-openapi-users-delete',
      folderId: 'yourFolderId',
      userIds: [editor.userId],
    });
    // SuccessResponse: the envelope with an object answer.
    expectDocumented(res, envelope('text', {}));
  });
});
