import { ApiKeyRowReader } from './support/api-key-row-reader';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

// Operations 1 and 2, and the console options of D3.4.
describe('API keys (operations 1, 2; D3.4)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
  });
  afterAll(() => t.close());

  const fullRequest = {
    ownerEmail: 'dev@example.com',
    type: 'production',
    createAuthToken: true,
    apiKeyName: 'Production key',
    planInfo: { type: 'sdk test' },
    customPlanInfo: true,
    customPlanInfoData: { seats: 12, tier: 'gold' },
    allowedDomains: ['https://www.example.com', '*.example.org'],
    addLocalHostToAllowedDomains: true,
    useEmailService: true,
    useWebhookService: true,
    setDefaultEmailTriggers: true,
    enablePrivateComments: true,
    requireAutoOrgUser: true,
    persistenceDBRegion: 'eur3',
    realtimeDBRegion: 'europe-west1',
    emailServiceConfig: {
      type: 'sendgrid',
      apiKey: 'SG.secret-email-key',
      fromEmail: 'noreply@example.com',
      fromCompany: 'Example',
      commentTemplateId: 'tpl-comment',
      tagTemplateId: 'tpl-tag',
    },
    webhookServiceConfig: {
      authToken: 'receiver-token',
      rawNotificationUrl: 'https://hooks.example.com/raw',
      processedNotificationUrl: 'https://hooks.example.com/processed',
    },
  };

  it('operation 1 creates a key with every field stored and read back', async () => {
    const res = await t.post('/v2/workspace/apikey/create', fullRequest, t.workspaceHeaders(ws));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'API key created successfully.',
        data: { apiKey: expect.any(String) },
      },
    });
    const apiKey = res.body.result.data.apiKey;
    const key = { ...ws, apiKey };

    // Every field, read back from the read model (secrets decrypted only where an operation shows them).
    const row = await new ApiKeyRowReader(t).read(apiKey);
    expect(row.settings).toEqual({
      ownerEmail: 'dev@example.com',
      type: 'production',
      apiKeyName: 'Production key',
      planInfo: { type: 'sdk test' },
      customPlanInfo: true,
      customPlanInfoData: { seats: 12, tier: 'gold' },
      addLocalHostToAllowedDomains: true,
      setDefaultEmailTriggers: true,
      persistenceDBRegion: 'eur3',
      realtimeDBRegion: 'europe-west1',
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        sealedApiKey: expect.stringMatching(/^v1\./),
        fromEmail: 'noreply@example.com',
        fromCompany: 'Example',
        commentTemplateId: 'tpl-comment',
        tagTemplateId: 'tpl-tag',
      },
    });
    expect(row.openedEmailApiKey).toBe('SG.secret-email-key');
    expect(row.allowedDomains).toEqual(['example.com', '*.example.org', 'localhost', '127.0.0.1']);

    const tokens = await t.post('/v2/workspace/authtokens/get', { apiKey }, t.workspaceHeaders(ws));
    const authToken = tokens.body.result.data.authTokens[0].token;
    const webhook = await t.post(
      '/v2/workspace/webhookconfig/get',
      {},
      t.apiKeyHeaders({ ...key, authToken }),
    );
    expect(webhook.status).toBe(200);
    expect(webhook.body.result.data).toEqual({
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'receiver-token',
        rawNotificationUrl: 'https://hooks.example.com/raw',
        processedNotificationUrl: 'https://hooks.example.com/processed',
        encodeData: false,
        encryptData: false,
        publicKey: '',
        triggers: expect.objectContaining({ 'comment.add': true, 'comment.reaction_delete': true }),
      },
      signingSecret: expect.stringMatching(/^whsec_/),
    });
    // The hosted console flags are the key's first options (D3.4).
    const config = await t.post(
      '/v2/workspace/apikeyconfig/get',
      {},
      t.apiKeyHeaders({ ...key, authToken }),
    );
    expect(config.body.result.data).toEqual({
      apiKey,
      ownerEmail: 'dev@example.com',
      planInfo: { type: 'sdk test' },
      defaultDocumentAccessType: 'public',
      isPrivateCommentsEnabled: true,
      requireJwtToken: false,
      requireAutoOrgUser: true,
      advancedQueriesEnabled: true,
      activityServiceEnabled: false,
    });
  });

  it('operation 1 without createAuthToken still issues the default token; false issues none', async () => {
    const none = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com', createAuthToken: false },
      t.workspaceHeaders(ws),
    );
    const tokens = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: none.body.result.data.apiKey },
      t.workspaceHeaders(ws),
    );
    expect(tokens.body.result.data.authTokens).toEqual([]);
    const dflt = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com' },
      t.workspaceHeaders(ws),
    );
    const tokens2 = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: dflt.body.result.data.apiKey },
      t.workspaceHeaders(ws),
    );
    expect(tokens2.body.result.data.authTokens).toHaveLength(1);
  });

  it('operation 1 refuses bad input with INVALID_ARGUMENT naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'data.ownerEmail'],
      [{ ownerEmail: 'a@example.com', createAuthToken: 'yes' }, 'data.createAuthToken'],
      [{ ownerEmail: 'a@example.com', allowedDomains: 'example.com' }, 'data.allowedDomains'],
      [{ ownerEmail: 'a@example.com', allowedDomains: ['not a domain'] }, 'data.allowedDomains[0]'],
      [{ ownerEmail: 'a@example.com', planInfo: { type: 5 } }, 'data.planInfo.type'],
      [{ ownerEmail: 'a@example.com', enablePrivateComments: 'yes' }, 'data.enablePrivateComments'],
      [{ ownerEmail: 'a@example.com', requireAutoOrgUser: 1 }, 'data.requireAutoOrgUser'],
      [
        { ownerEmail: 'a@example.com', setDefaultEmailTriggers: 'no' },
        'data.setDefaultEmailTriggers',
      ],
      [{ ownerEmail: 'a@example.com', persistenceDBRegion: '' }, 'data.persistenceDBRegion'],
      [{ ownerEmail: 'a@example.com', realtimeDBRegion: 7 }, 'data.realtimeDBRegion'],
      [
        { ownerEmail: 'a@example.com', emailServiceConfig: { fromEmail: 7 } },
        'data.emailServiceConfig.fromEmail',
      ],
      [
        {
          ownerEmail: 'a@example.com',
          webhookServiceConfig: { rawNotificationUrl: 'ftp://x.example.com' },
        },
        'data.webhookServiceConfig.rawNotificationUrl',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await t.post('/v2/workspace/apikey/create', data, t.workspaceHeaders(ws));
      expect({ field, status: res.status, error: res.body.error?.status }).toEqual({
        field,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });

  it('operation 1 refuses missing headers and a wrong token', async () => {
    const missing = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com' },
      { 'x-service-auth-token': ws.workspaceToken },
    );
    expect(missing.status).toBe(401);
    expect(missing.body.error).toEqual({
      status: 'UNAUTHENTICATED',
      message: 'Missing header x-service-workspace-id',
    });
    const noToken = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com' },
      { 'x-service-workspace-id': ws.workspaceId },
    );
    expect(noToken.body.error.message).toBe('Missing header x-service-auth-token');
    const wrong = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com' },
      { ...t.workspaceHeaders(ws), 'x-service-auth-token': 'wst_wrong' },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toEqual({ status: 'UNAUTHENTICATED', message: 'Invalid credentials' });
    const unknown = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com' },
      { ...t.workspaceHeaders(ws), 'x-service-workspace-id': 'nope' },
    );
    expect(unknown.body.error).toEqual({
      status: 'UNAUTHENTICATED',
      message: 'Invalid credentials',
    });
  });

  it("operation 2 answers NOT_FOUND for an unknown key and for another workspace's key (D2.3)", async () => {
    const other = await t.createWorkspace('other@example.com');
    for (const apiKey of ['no-such-key', other.apiKey]) {
      const res = await t.post('/v2/workspace/authtokens/get', { apiKey }, t.workspaceHeaders(ws));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { status: 'NOT_FOUND', message: 'API key not found.' } });
    }
    const missing = await t.post('/v2/workspace/authtokens/get', {}, t.workspaceHeaders(ws));
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields[0].field).toBe('data.apiKey');
  });

  it('operation 2 answers the key and its tokens', async () => {
    const res = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: ws.apiKey },
      t.workspaceHeaders(ws),
    );
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Auth tokens retrieved successfully.',
        data: {
          apiKey: ws.apiKey,
          authTokens: [{ token: ws.authToken, name: 'Default Auth Token', domains: [] }],
        },
      },
    });
  });

  it('apikeyconfig get/update at API-key level: defaults, changes, validation (D3.4)', async () => {
    const h = t.apiKeyHeaders(ws);
    const get = await t.post('/v2/workspace/apikeyconfig/get', {}, h);
    expect(get.body.result.data).toEqual({
      apiKey: ws.apiKey,
      ownerEmail: 'owner@example.com',
      defaultDocumentAccessType: 'public',
      isPrivateCommentsEnabled: false,
      requireJwtToken: false,
      requireAutoOrgUser: false,
      advancedQueriesEnabled: true,
      activityServiceEnabled: false,
    });
    const update = await t.post(
      '/v2/workspace/apikeyconfig/update',
      { activityServiceEnabled: true, defaultDocumentAccessType: 'restricted' },
      h,
    );
    expect(update.status).toBe(200);
    expect(update.body.result.data).toEqual({
      ...get.body.result.data,
      activityServiceEnabled: true,
      defaultDocumentAccessType: 'restricted',
      enablePrivateComments: false,
    });
    const again = await t.post('/v2/workspace/apikeyconfig/get', {}, h);
    expect(again.body.result.data.defaultDocumentAccessType).toBe('restricted');
    const bad = await t.post(
      '/v2/workspace/apikeyconfig/update',
      { defaultDocumentAccessType: 'open' },
      h,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].field).toBe('data.defaultDocumentAccessType');
  });

  it('workspaceauthtoken/reset replaces the workspace token (D2.5)', async () => {
    const w = await t.createWorkspace('reset@example.com');
    const res = await t.post('/v2/workspace/workspaceauthtoken/reset', {}, t.workspaceHeaders(w));
    expect(res.status).toBe(200);
    const authToken = res.body.result.data.authToken;
    expect(authToken).not.toBe(w.workspaceToken);
    const old = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: w.apiKey },
      t.workspaceHeaders(w),
    );
    expect(old.status).toBe(401);
    const fresh = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: w.apiKey },
      t.workspaceHeaders({ ...w, workspaceToken: authToken }),
    );
    expect(fresh.status).toBe(200);
  });

  it("authtoken/reset replaces an API key's auth token, as the hosted call does (D2.5)", async () => {
    const w = await t.createWorkspace('key-reset@example.com');
    const res = await t.post(
      '/v2/workspace/authtoken/reset',
      { apiKey: w.apiKey },
      t.workspaceHeaders(w),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Auth token reset successfully.',
        data: {
          apiKey: w.apiKey,
          newAuthToken: { token: expect.any(String), name: 'Default Auth Token', domains: [] },
        },
      },
    });
    const token = res.body.result.data.newAuthToken.token;
    expect(token).not.toBe(w.authToken);
    // The old token no longer opens the key; the new one does, and is the only one listed.
    const read = (authToken: string) =>
      t.post('/v2/organizations/get', {}, t.apiKeyHeaders({ ...w, authToken }));
    expect((await read(w.authToken)).status).toBe(401);
    expect((await read(token)).status).toBe(200);
    const listed = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: w.apiKey },
      t.workspaceHeaders(w),
    );
    expect(listed.body.result.data.authTokens).toEqual([
      { token, name: 'Default Auth Token', domains: [] },
    ]);
    // Another workspace's key, or an unknown one: NOT_FOUND, as operation 2 answers.
    for (const apiKey of [ws.apiKey, 'no-such-key']) {
      const foreign = await t.post(
        '/v2/workspace/authtoken/reset',
        { apiKey },
        t.workspaceHeaders(w),
      );
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toEqual({ status: 'NOT_FOUND', message: 'API key not found.' });
    }
  });

  it('accepts the hosted workspace token header x-service-workspace-auth-token (D2.7)', async () => {
    const headers = {
      'x-service-workspace-id': ws.workspaceId,
      'x-service-workspace-auth-token': ws.workspaceToken,
    };
    const res = await t.post('/v2/workspace/authtokens/get', { apiKey: ws.apiKey }, headers);
    expect(res.status).toBe(200);
    const wrong = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: ws.apiKey },
      {
        ...headers,
        'x-service-workspace-auth-token': 'wrong',
      },
    );
    expect(wrong.status).toBe(401);
  });

  it('aimodelconfig update/get keeps keys encrypted and shows the last four characters (D3.5)', async () => {
    const update = await t.post(
      '/v2/workspace/aimodelconfig/update',
      {
        providers: {
          openai: { apiKey: 'sk-test-openai-1234' },
          anthropic: { apiKey: 'sk-ant-9876' },
        },
      },
      t.workspaceHeaders(ws),
    );
    expect(update.status).toBe(200);
    expect(update.body.result.data).toEqual({
      providers: { openai: { apiKeyLast4: '1234' }, anthropic: { apiKeyLast4: '9876' } },
    });
    const removed = await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { anthropic: null } },
      t.workspaceHeaders(ws),
    );
    expect(removed.body.result.data).toEqual({ providers: { openai: { apiKeyLast4: '1234' } } });
    const get = await t.post('/v2/workspace/aimodelconfig/get', {}, t.workspaceHeaders(ws));
    expect(get.body.result.data).toEqual({ providers: { openai: { apiKeyLast4: '1234' } } });
    const bad = await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: '' } } },
      t.workspaceHeaders(ws),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].field).toBe('data.providers.openai.apiKey');
  });
});
