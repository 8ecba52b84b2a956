// The collection's "Access Control" folder and its OpenAPI operations: none is served yet.
describe('hosted compat: access control', () => {
  it.todo('POST /v2/auth/generate_token: Generate Token (not served yet)');
  it.todo('POST /v2/auth/permissions/add: Add Permissions (not served yet)');
  it.todo('POST /v2/auth/permissions/get: Get Permissions (not served yet)');
  it.todo('POST /v2/auth/permissions/remove: Remove Permissions (not served yet)');
  it.todo('openapi: POST /auth/generate_token (not served yet)');
  it.todo('openapi: POST /auth/permissions/add (not served yet)');
});
