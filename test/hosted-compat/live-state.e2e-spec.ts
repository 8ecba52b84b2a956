// The collection's "Live State" folder and its OpenAPI operation: not served yet.
describe('hosted compat: live state', () => {
  it.todo('POST /v2/livestate/broadcast: Broadcast Event (not served yet)');
  it.todo('openapi: POST /livestate/broadcast (not served yet)');
});
