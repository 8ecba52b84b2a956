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
      {
        ownerEmail: 'ada@example.com',
        name: 'Ada',
        workspaceName: 'Engines',
        avatar: 'https://example.com/ada.png',
      },
      { 'x-service-admin-token': t.adminToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    expect(res.body.result.message).toBe('Workspace created successfully.');
    const data = res.body.result.data;
    expect(data).toEqual({
      id: expect.any(String),
      name: 'Engines',
      owner: {
        email: 'ada@example.com',
        id: expect.stringMatching(/^\S{8,}$/),
        name: 'Ada',
        avatar: 'https://example.com/ada.png',
      },
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

  it('defaults as the hosted call does: owner name, workspace name, key name; no avatar', async () => {
    const res = await t.post(
      '/v2/workspace/create',
      { ownerEmail: 'bo.rin@example.com', name: 'Someone Else' },
      { 'x-service-admin-token': t.adminToken },
    );
    // The key's name comes from the email's local part, capitalised, not from `name`.
    expect(Object.values(res.body.result.data.apiKeyList)).toEqual([
      expect.objectContaining({ apiKeyName: 'Bo.rin Test API Key' }),
    ]);
    expect(res.body.result.data.name).toBe('Someone Else workspace');
    const bare = await t.post(
      '/v2/workspace/create',
      { ownerEmail: 'bo@example.com' },
      { 'x-service-admin-token': t.adminToken },
    );
    expect(bare.body.result.data.name).toBe('bo@example.com workspace');
    expect(bare.body.result.data.owner).toEqual({
      email: 'bo@example.com',
      id: expect.any(String),
      name: 'bo@example.com',
    });
    // Each owner has an id of their own.
    expect(bare.body.result.data.owner.id).not.toBe(res.body.result.data.owner.id);
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

  it('refuses names over 200 characters, an avatar over 2000, and empty ones (hosted)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ workspaceName: 'x'.repeat(201) }, 'data.workspaceName'],
      [{ name: 'x'.repeat(201) }, 'data.name'],
      [{ avatar: `https://example.com/${'x'.repeat(2000)}` }, 'data.avatar'],
      [{ workspaceName: '' }, 'data.workspaceName'],
      [{ name: '' }, 'data.name'],
      [{ avatar: '' }, 'data.avatar'],
      [{ avatar: 7 }, 'data.avatar'],
    ];
    for (const [data, field] of cases) {
      const res = await t.post(
        '/v2/workspace/create',
        { ownerEmail: 'a@example.com', ...data },
        { 'x-service-admin-token': t.adminToken },
      );
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
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
