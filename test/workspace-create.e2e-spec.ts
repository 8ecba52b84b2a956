import { createTestApp, type TestApp } from '@app/testing';

// D3.1–D3.2: POST /v2/workspace/create with the admin token.
describe('POST /v2/workspace/create', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a workspace with its owner, auth token and a testing API key', async () => {
    const res = await t.post(
      '/v2/workspace/create',
      { ownerEmail: 'ada@example.com', name: 'Ada', workspaceName: 'Engines' },
      { 'x-service-admin-token': t.adminToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    expect(res.body.result.message).toBe('Workspace created successfully.');
    const data = res.body.result.data;
    expect(data).toEqual({
      id: expect.any(String),
      name: 'Engines',
      owner: { email: 'ada@example.com', name: 'Ada' },
      authToken: expect.any(String),
      apiKeyList: expect.any(Object),
    });
    const [apiKey] = Object.keys(data.apiKeyList);
    expect(data.apiKeyList[apiKey]).toEqual({
      id: apiKey,
      apiKeyName: 'Ada Test API Key',
      type: 'testing',
    });
    // D2.5: at least 128 random bits.
    expect(
      Buffer.from(data.authToken.replace(/^wst_/, ''), 'base64url').length,
    ).toBeGreaterThanOrEqual(16);

    // The new key has one auth token, readable through operation 2.
    const tokens = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey },
      { 'x-service-workspace-id': data.id, 'x-service-auth-token': data.authToken },
    );
    expect(tokens.status).toBe(200);
    expect(tokens.body.result.data.authTokens).toEqual([
      { token: expect.any(String), name: 'Default Auth Token', domains: [] },
    ]);
  });

  it('defaults the workspace name from the owner', async () => {
    const res = await t.post(
      '/v2/workspace/create',
      { ownerEmail: 'bo@example.com' },
      { 'x-service-admin-token': t.adminToken },
    );
    expect(res.body.result.data.name).toBe('bo@example.com workspace');
    expect(res.body.result.data.owner).toEqual({ email: 'bo@example.com', name: '' });
  });

  it('refuses a missing admin token, naming the header (D2.1)', async () => {
    const res = await t.post('/v2/workspace/create', { ownerEmail: 'a@example.com' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Missing header x-service-admin-token' },
    });
  });

  it('refuses a wrong admin token (D2.2)', async () => {
    const res = await t.post(
      '/v2/workspace/create',
      { ownerEmail: 'a@example.com' },
      { 'x-service-admin-token': 'adm_wrong_wrong_wrong' },
    );
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Invalid credentials' },
    });
  });

  it('refuses a missing or invalid ownerEmail with INVALID_ARGUMENT naming the field', async () => {
    for (const data of [{}, { ownerEmail: 'not-an-email' }, { ownerEmail: 42 }]) {
      const res = await t.post('/v2/workspace/create', data, {
        'x-service-admin-token': t.adminToken,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe('data.ownerEmail');
    }
  });

  it('refuses names over 200 characters', async () => {
    const res = await t.post(
      '/v2/workspace/create',
      { ownerEmail: 'a@example.com', workspaceName: 'x'.repeat(201) },
      { 'x-service-admin-token': t.adminToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details.fields[0].field).toBe('data.workspaceName');
  });
});

// The embedded server always has an admin token: this runs on an external database only.
(process.env.DATABASE_URL ? describe : describe.skip)(
  'POST /v2/workspace/create without ADMIN_TOKEN on an external database (D3.2)',
  () => {
    it('answers FAILED_PRECONDITION', async () => {
      const t = await createTestApp({ config: { adminToken: undefined } });
      try {
        const res = await t.post(
          '/v2/workspace/create',
          { ownerEmail: 'a@example.com' },
          { 'x-service-admin-token': 'x'.repeat(20) },
        );
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({
          status: 'FAILED_PRECONDITION',
          message: 'workspace creation is disabled: set ADMIN_TOKEN',
        });
      } finally {
        await t.close();
      }
    });
  },
);
