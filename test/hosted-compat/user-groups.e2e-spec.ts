// The collection's "User Groups" folder and its OpenAPI operation: none is served yet.
describe('hosted compat: user groups', () => {
  it.todo('POST /v2/organizations/usergroups/add: Add User Groups (not served yet)');
  it.todo('POST /v2/organizations/usergroups/users/add: Add Users to Groups (not served yet)');
  it.todo(
    'POST /v2/organizations/usergroups/users/delete: Delete Users from Groups (not served yet)',
  );
  it.todo('openapi: POST /organizations/usergroups/add (not served yet)');
});
