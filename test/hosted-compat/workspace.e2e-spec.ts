import {
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  setup,
  withoutKeys,
  type Hosted,
} from './hosted-compat';

/** The workspace-level headers the hosted pages publish (`x-velt-workspace-*`). */
const workspaceHeaders = (h: Hosted) => ({
  'x-service-workspace-id': h.ws.workspaceId,
  'x-service-workspace-auth-token': h.ws.workspaceToken,
});

const apiKeyListed = { apiKeyName: 'name', id: 'id', type: 'testing' };
const apiKeysPage = envelope('API keys retrieved successfully.', [apiKeyListed], {
  nextPageToken: 'token',
});

// The collection's "Workspace" folder, the OpenAPI operations of the same calls, then the
// workspace pages the collection leaves out.
describe('hosted compat: workspace', () => {
  const h = hostedApp();

  it('POST /v2/workspace/domains/add: Add Domains', async () => {
    const res = await h.call('/v2/workspace/domains/add', {
      domains: ['https://www.google.com', 'https://*.firebase.com'],
    });
    expectDocumented(
      res,
      envelope('Domain(s) added successfully to allowed domains.', { domainsAdded: ['domain'] }),
    );
  });

  it('POST /v2/workspace/domains/delete: Delete Domains', async () => {
    // A key of its own, whose allowed domains are the published ones.
    const key = h.t.apiKeyHeaders(await h.t.createApiKey(h.ws));
    const added = await h.t.post(
      '/v2/workspace/domains/add',
      { domains: ['google.com', '*.firebase.com'] },
      key,
    );
    expect(added.status).toBe(200);
    const res = await h.t.post(
      '/v2/workspace/domains/delete',
      { domains: ['https://www.google.com', 'https://*.firebase.com'] },
      key,
    );
    expectDocumented(
      res,
      envelope('Domain(s) removed successfully from allowed domains.', {
        domainsRemoved: ['domain'],
      }),
    );
  });

  it('openapi: POST /workspace/domains/add', async () => {
    const res = await h.call('/v2/workspace/domains/add', { domains: ['https://example.org'] });
    expectDocumented(
      res,
      envelope('Domain(s) added successfully to allowed domains.', { domainsAdded: ['domain'] }),
    );
  });

  it('openapi: POST /workspace/domains/delete', async () => {
    const res = await h.call('/v2/workspace/domains/delete', { domains: ['https://example.org'] });
    expectDocumented(
      res,
      envelope('Domain(s) removed successfully from allowed domains.', {
        domainsRemoved: ['domain'],
      }),
    );
  });

  it('page: POST /v2/workspace/domains/get: Get Domains', async () => {
    await setup(h, '/v2/workspace/domains/add', { domains: ['example.com'] });
    const res = await h.call('/v2/workspace/domains/get', {});
    expectDocumented(
      res,
      envelope('Allowed domains retrieved successfully.', { allowedDomains: ['domain'] }),
    );
  });

  it('page: POST /v2/workspace/get: Get Workspace', async () => {
    const res = await h.t.post('/v2/workspace/get', {}, workspaceHeaders(h));
    // Deliberate difference (D3): the workspace auth token is stored as a digest only, so it
    // is not in the answer; owner.avatar is there only when given at creation.
    expectDocumented(
      res,
      withoutKeys(
        envelope('Workspace retrieved successfully', {
          id: 'id',
          name: 'name',
          owner: { email: 'email', id: 'id', name: 'name', avatar: 'url' },
          authToken: 'token',
          apiKeyList: byId(apiKeyListed),
        }),
        'result.data.authToken',
        'result.data.owner.avatar',
      ),
    );
    expect(res.body.result.data).not.toHaveProperty('authToken');
  });

  it('page: POST /v2/workspace/apikeys/get: Get API Keys', async () => {
    await h.t.createApiKey(h.ws);
    // A first page of one key checked against the documented page, token included ...
    const first = await h.t.post('/v2/workspace/apikeys/get', { pageSize: 1 }, workspaceHeaders(h));
    expectDocumented(first, apiKeysPage);
    // ... then the published request: the only page, without a next token (D5.5).
    const res = await h.t.post('/v2/workspace/apikeys/get', { pageSize: 50 }, workspaceHeaders(h));
    expectDocumented(res, withoutKeys(apiKeysPage, 'result.nextPageToken'));
    expect(res.body.result).not.toHaveProperty('nextPageToken');
  });

  it('page: POST /v2/workspace/apikey/update: Update API Key', async () => {
    const res = await h.t.post(
      '/v2/workspace/apikey/update',
      { apiKey: h.ws.apiKey, apiKeyName: 'Updated Production Key' },
      workspaceHeaders(h),
    );
    expectDocumented(res, envelope('API key updated successfully.', null));
  });
});
