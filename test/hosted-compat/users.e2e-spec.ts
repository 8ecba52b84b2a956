import {
  addDocuments,
  addOrganizations,
  addUsers,
  batchItem,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
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

  it.todo('POST /v2/users/delete: Delete Users (not served yet)');

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

  it.todo('openapi: POST /users/delete (not served yet)');
});
