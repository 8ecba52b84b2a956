import { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import { everyRowAsText } from './support/every-row';
import { startFakeProvider, type FakeProvider } from './support/fake-ai-provider';

const GET = '/v2/workspace/apikeyconfig/get';
const UPDATE = '/v2/workspace/apikeyconfig/update';
const OWN_OPENAI = 'sk-own-openai-key-AbCd';
const OWN_GEMINI = 'AIza-own-gemini-key-WxYz';

// D3.4: apikeyconfig/get|update are the hosted call (API-key level, hosted fields in and out,
// the key's own AI provider keys sealed and masked), and an API key's own provider key wins
// over the workspace's when Ask AI picks one.
describe('apikeyconfig at API-key level (D3.4)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let openai: FakeProvider;

  beforeAll(async () => {
    openai = await startFakeProvider('openai');
    t = await createTestApp({
      config: { aiAllowPrivateBaseUrls: true, openaiBaseUrl: openai.url, rateLimitAiRpm: 1000 },
    });
    ws = await t.createWorkspace('config@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });
  afterEach(() => {
    openai.requests.length = 0;
  });

  const fresh = () => t.createApiKey(ws);
  const get = async (key: TestWorkspace) => {
    const res = await t.post(GET, {}, t.apiKeyHeaders(key));
    expect(res.status).toBe(200);
    return res.body.result.data;
  };
  const update = (key: TestWorkspace, data: Record<string, unknown>) =>
    t.post(UPDATE, data, t.apiKeyHeaders(key));

  it('get answers the hosted fields and ours, aiModelsConfig absent while there is none', async () => {
    const key = await fresh();
    const res = await t.post(GET, {}, t.apiKeyHeaders(key));
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'API key configuration retrieved successfully.',
        data: {
          apiKey: key.apiKey,
          ownerEmail: 'owner@example.com',
          defaultDocumentAccessType: 'public',
          isPrivateCommentsEnabled: false,
          requireJwtToken: false,
          requireAutoOrgUser: false,
          advancedQueriesEnabled: true,
          activityServiceEnabled: false,
        },
      },
    });
  });

  it('update takes every hosted field, echoes the config, and keys come back masked only', async () => {
    const key = await fresh();
    const res = await update(key, {
      enablePrivateComments: true,
      requireJwtToken: true,
      requireAutoOrgUser: true,
      defaultDocumentAccessType: 'organizationPrivate',
      aiModelApiKey: [
        { provider: 'openai', customerApiKey: OWN_OPENAI },
        { provider: 'gemini', customerApiKey: OWN_GEMINI },
      ],
    });
    expect(res.status).toBe(200);
    const expected = {
      apiKey: key.apiKey,
      ownerEmail: 'owner@example.com',
      defaultDocumentAccessType: 'organizationPrivate',
      isPrivateCommentsEnabled: true,
      requireJwtToken: true,
      requireAutoOrgUser: true,
      aiModelsConfig: { openai: { displayText: '...AbCd' }, gemini: { displayText: '...WxYz' } },
      advancedQueriesEnabled: true,
      activityServiceEnabled: false,
    };
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'API key configuration updated successfully.',
        data: { ...expected, enablePrivateComments: true },
      },
    });
    expect(await get(key)).toEqual(expected);

    // Field-merge only: a later call changes what it names and keeps the rest, keys included.
    const later = await update(key, {
      requireJwtToken: false,
      aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-second-key-9876' }],
    });
    expect(later.body.result.data).toEqual({
      ...expected,
      requireJwtToken: false,
      aiModelsConfig: { ...expected.aiModelsConfig, openai: { displayText: '...9876' } },
      enablePrivateComments: true,
    });

    // Stored sealed (D3.5): no raw key anywhere, the event log included; the seal opens to it.
    const rows = (await everyRowAsText(t.app.get(DataSource))).join('\n');
    expect(rows).not.toContain(OWN_GEMINI);
    expect(rows).not.toContain('sk-second-key-9876');
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT ai_model_keys FROM api_keys WHERE api_key = $1`, [key.apiKey]);
    expect(t.app.get(SecretBox).open(row.ai_model_keys.gemini.sealedKey)).toBe(OWN_GEMINI);
  });

  it('refuses an update with no field in the hosted words, and bad fields by name', async () => {
    const key = await fresh();
    const before = await get(key);
    const none = await update(key, {});
    expect(none.status).toBe(400);
    expect(none.body.error).toEqual({
      status: 'INVALID_ARGUMENT',
      message: 'At least one field must be provided for update',
      details: {
        fields: [{ field: 'data', message: 'At least one field must be provided for update' }],
      },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ enablePrivateComments: 'yes' }, 'data.enablePrivateComments'],
      [{ requireJwtToken: 1 }, 'data.requireJwtToken'],
      [{ requireAutoOrgUser: 'true' }, 'data.requireAutoOrgUser'],
      [{ defaultDocumentAccessType: 'open' }, 'data.defaultDocumentAccessType'],
      [{ aiModelApiKey: [] }, 'data.aiModelApiKey'],
      [{ aiModelApiKey: { provider: 'openai' } }, 'data.aiModelApiKey'],
      [
        { aiModelApiKey: [{ provider: 'mistral', customerApiKey: 'k' }] },
        'data.aiModelApiKey[0].provider',
      ],
      [
        { aiModelApiKey: [{ provider: 'openai', customerApiKey: '' }] },
        'data.aiModelApiKey[0].customerApiKey',
      ],
      [{ aiModelApiKey: [{ provider: 'openai' }] }, 'data.aiModelApiKey[0].customerApiKey'],
      [
        {
          requireJwtToken: true,
          aiModelApiKey: [
            { provider: 'openai', customerApiKey: 'sk-a' },
            { provider: 'openai', customerApiKey: 'sk-b' },
          ],
        },
        'data.aiModelApiKey[1].provider',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await update(key, data);
      expect({ field, status: res.status, error: res.body.error?.status }).toEqual({
        field,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
    expect(await get(key)).toEqual(before);
  });

  it('refuses the workspace-level form, naming the API-key headers, and changes nothing', async () => {
    const key = await fresh();
    for (const path of [GET, UPDATE]) {
      const res = await t.post(
        path,
        { apiKey: key.apiKey, requireJwtToken: true },
        t.workspaceHeaders(ws),
      );
      expect(res.status).toBe(401);
      expect(res.body.error.status).toBe('UNAUTHENTICATED');
      expect(res.body.error.message).toContain('x-service-api-key');
      expect(res.body.error.message).toContain('x-service-auth-token');
      expect(res.body.error.message).toContain('API-key level');
    }
    expect((await get(key)).requireJwtToken).toBe(false);
  });

  it("one key's config is never another's, in the same workspace or another", async () => {
    const mine = await fresh();
    const sibling = await fresh();
    const stranger = await t.createWorkspace('stranger@example.com');
    const siblingBefore = await get(sibling);
    const strangerBefore = await get(stranger);
    await update(mine, {
      enablePrivateComments: true,
      aiModelApiKey: [{ provider: 'anthropic', customerApiKey: 'sk-ant-mine-1111' }],
    });
    expect(await get(mine)).toMatchObject({
      apiKey: mine.apiKey,
      isPrivateCommentsEnabled: true,
      aiModelsConfig: { anthropic: { displayText: '...1111' } },
    });
    expect(await get(sibling)).toEqual(siblingBefore);
    expect(await get(stranger)).toEqual(strangerBefore);
    expect(strangerBefore.aiModelsConfig).toBeUndefined();
    // The body names no key: an apiKey there is no way into another key.
    await update(stranger, { apiKey: mine.apiKey, requireJwtToken: true });
    expect((await get(mine)).requireJwtToken).toBe(false);
    expect((await get(stranger)).requireJwtToken).toBe(true);
  });

  it("Ask AI uses the key's own provider key over the workspace's; other keys keep the workspace's", async () => {
    const w = await t.createWorkspace('ai-owner@example.com');
    const configured = await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: 'sk-workspace-key', baseUrl: openai.url } } },
      t.workspaceHeaders(w),
    );
    expect(configured.status).toBe(200);
    const own = await t.createApiKey(w);
    const plain = await t.createApiKey(w);
    await update(own, { aiModelApiKey: [{ provider: 'openai', customerApiKey: OWN_OPENAI }] });
    const ask = (key: TestWorkspace) =>
      t.post(
        '/v2/rewriter/ask-ai',
        { model: 'gpt-4o', prompt: 'Shorter', text: 'Text' },
        t.apiKeyHeaders(key),
      );
    expect((await ask(own)).body.result.success).toBe(true);
    expect((await ask(plain)).body.result.success).toBe(true);
    expect(openai.requests.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${OWN_OPENAI}`,
      'Bearer sk-workspace-key',
    ]);
  });

  it("Ask AI works with only the key's own provider key, on the server's endpoint", async () => {
    const w = await t.createWorkspace('no-workspace-key@example.com');
    const own = t.apiKeyHeaders(w);
    const without = await t.post(
      '/v2/rewriter/ask-ai',
      { model: 'gpt-4o', prompt: 'p', text: 't' },
      own,
    );
    expect(without.body).toEqual({
      result: { success: false, error: 'No API key is configured for openai' },
    });
    await update(w, { aiModelApiKey: [{ provider: 'openai', customerApiKey: OWN_OPENAI }] });
    const res = await t.post(
      '/v2/rewriter/ask-ai',
      { model: 'gpt-4o', prompt: 'p', text: 't' },
      own,
    );
    expect(res.body.result.success).toBe(true);
    expect(openai.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${OWN_OPENAI}`]);
  });
});
