import { jest } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { AI_RESOLVE_ALL } from '@app/ai';
import type { ResolveAll } from '@app/platform';
import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';
import { everyRowAsText } from './support/every-row';
import {
  FAKE_USAGE,
  startFakeProvider,
  type FakeProvider,
  type ProviderKind,
} from './support/fake-ai-provider';
import { freePort } from './support/free-port';

// Operation 5 and D12 against fake providers: real HTTP servers on 127.0.0.1 speaking each
// provider's wire format, reached by the official SDKs through the workspace's baseUrl. The
// fakes are on loopback, so these apps allow private endpoints (AI_ALLOW_PRIVATE_BASE_URLS);
// the last suites check what happens without it.
const KEYS: Record<ProviderKind, string> = {
  openai: 'sk-openai-SECRETKEY-1234',
  anthropic: 'sk-ant-SECRETKEY-5678',
  gemini: 'gm-SECRETKEY-9012',
};
const PROMPT = 'Rewrite this more formally.';
const TEXT = 'hey there, the confidential draft 7f3a9c is ready';
const TIMEOUT_MS = 1500;

describe('Ask AI (operation 5, D12)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  const fakes = {} as Record<ProviderKind, FakeProvider>;
  const logs: string[] = [];

  const configure = (w: TestWorkspace, providers: Record<string, unknown>) =>
    t.post('/v2/workspace/aimodelconfig/update', { providers }, t.workspaceHeaders(w));
  const ask = (w: TestWorkspace, data: Record<string, unknown>) =>
    t.post('/v2/rewriter/ask-ai', data, t.apiKeyHeaders(w));
  const allProviders = () =>
    Object.fromEntries(
      (['openai', 'anthropic', 'gemini'] as const).map((p) => [
        p,
        { apiKey: KEYS[p], baseUrl: fakes[p].url },
      ]),
    );

  beforeAll(async () => {
    for (const kind of ['openai', 'anthropic', 'gemini'] as const) {
      fakes[kind] = await startFakeProvider(kind);
    }
    // Everything the server logs through Nest's logger, at the most verbose level.
    const capture = (chunk: unknown) => {
      logs.push(String(chunk));
      return true;
    };
    jest.spyOn(process.stdout, 'write').mockImplementation(capture);
    jest.spyOn(process.stderr, 'write').mockImplementation(capture);
    t = await createTestApp({
      config: {
        aiTimeoutMs: TIMEOUT_MS,
        rateLimitAiRpm: 1000,
        logLevel: 'trace',
        aiAllowPrivateBaseUrls: true,
      },
    });
    ws = await t.createWorkspace('ai@example.com');
    const configured = await configure(ws, allProviders());
    if (configured.status !== 200) throw new Error(`aimodelconfig/update: ${configured.text}`);
  });

  afterEach(() => {
    for (const fake of Object.values(fakes)) {
      fake.mode = 'ok';
      fake.requests.length = 0;
    }
  });

  afterAll(async () => {
    await t.close();
    jest.restoreAllMocks();
    await Promise.all(Object.values(fakes).map((f) => f.close()));
  });

  it('gpt-4o: prompt as the system message, text as the user message, Bearer key', async () => {
    fakes.openai.answer = 'Good day.';
    const res = await ask(ws, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { success: true, text: 'Good day.' } });
    expect(fakes.openai.requests).toHaveLength(1);
    const [sent] = fakes.openai.requests;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEYS.openai}`);
    expect(sent.body.model).toBe('gpt-4o');
    expect(sent.body.messages).toEqual([
      { role: 'system', content: PROMPT },
      { role: 'user', content: TEXT },
    ]);
  });

  it('o3-mini: the prompt in front of the text in one user message (spec 5.2)', async () => {
    const res = await ask(ws, { model: 'o3-mini', prompt: PROMPT, text: TEXT });
    expect(res.body.result.success).toBe(true);
    expect(fakes.openai.requests[0].body.model).toBe('o3-mini');
    expect(fakes.openai.requests[0].body.messages).toEqual([
      { role: 'user', content: `${PROMPT}\n\n${TEXT}` },
    ]);
  });

  it('claude: the prompt as `system`, the key as the SDK sends it', async () => {
    fakes.anthropic.answer = 'Claude says hi.';
    const res = await ask(ws, { model: 'claude-sonnet-4-0', prompt: PROMPT, text: TEXT });
    expect(res.body).toEqual({ result: { success: true, text: 'Claude says hi.' } });
    const [sent] = fakes.anthropic.requests;
    expect(sent.path).toBe('/v1/messages');
    // @anthropic-ai/sdk 1.x sends an API key as a Bearer token (0.x used x-api-key).
    expect(sent.headers.authorization).toBe(`Bearer ${KEYS.anthropic}`);
    expect(sent.headers['anthropic-version']).toBeDefined();
    expect(sent.body).toMatchObject({
      model: 'claude-sonnet-4-0',
      system: PROMPT,
      messages: [{ role: 'user', content: TEXT }],
    });
  });

  it('gemini: the prompt as systemInstruction, the key in x-goog-api-key', async () => {
    fakes.gemini.answer = 'Gemini says hi.';
    const res = await ask(ws, { model: 'gemini-2.5-flash', prompt: PROMPT, text: TEXT });
    expect(res.body).toEqual({ result: { success: true, text: 'Gemini says hi.' } });
    const [sent] = fakes.gemini.requests;
    expect(sent.path).toMatch(/\/models\/gemini-2\.5-flash:generateContent$/);
    expect(sent.headers['x-goog-api-key']).toBe(KEYS.gemini);
    expect(sent.body.systemInstruction).toMatchObject({ parts: [{ text: PROMPT }] });
    expect(sent.body.contents).toEqual([{ role: 'user', parts: [{ text: TEXT }] }]);
  });

  it('a provider 401 is INVALID_ARGUMENT with details.provider and its message, without the key', async () => {
    fakes.openai.mode = 401;
    const res = await ask(ws, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details).toMatchObject({ provider: 'openai', providerStatus: 401 });
    expect(res.body.error.message).toContain('Incorrect API key provided');
    expect(JSON.stringify(res.body)).not.toContain(KEYS.openai);
    expect(fakes.openai.requests).toHaveLength(1); // a 401 is not retried

    fakes.anthropic.mode = 401;
    const claude = await ask(ws, { model: 'claude-haiku-4-5', prompt: PROMPT, text: TEXT });
    expect(claude.status).toBe(400);
    expect(claude.body.error.details.provider).toBe('anthropic');
    expect(claude.body.error.message).toContain('invalid x-api-key');
  });

  it('a provider 500 is retried once, then UNAVAILABLE', async () => {
    fakes.gemini.mode = 500;
    const res = await ask(ws, { model: 'gemini-2.5-pro', prompt: PROMPT, text: TEXT });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      status: 'UNAVAILABLE',
      details: { provider: 'gemini' },
    });
    expect(fakes.gemini.requests).toHaveLength(2);

    fakes.openai.mode = 500;
    const openai = await ask(ws, { model: 'gpt-4o-mini', prompt: PROMPT, text: TEXT });
    expect(openai.status).toBe(503);
    expect(fakes.openai.requests).toHaveLength(2);
  });

  it('a refused connection is UNAVAILABLE', async () => {
    const other = await t.createWorkspace('refused@example.com');
    const closed = `http://127.0.0.1:${await freePort()}`;
    await configure(other, { anthropic: { apiKey: 'sk-x', baseUrl: closed } });
    const res = await ask(other, { model: 'claude-opus-4-0', prompt: PROMPT, text: TEXT });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      status: 'UNAVAILABLE',
      details: { provider: 'anthropic' },
    });
  });

  it('a provider that hangs past the deadline is DEADLINE_EXCEEDED', async () => {
    fakes.openai.mode = 'hang';
    const started = Date.now();
    const res = await ask(ws, { model: 'gpt-4.1', prompt: PROMPT, text: TEXT });
    expect(res.status).toBe(504);
    expect(res.body.error).toMatchObject({
      status: 'DEADLINE_EXCEEDED',
      details: { provider: 'openai' },
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);

    fakes.gemini.mode = 'hang';
    const gemini = await ask(ws, { model: 'gemini-2.5-flash-lite', prompt: PROMPT, text: TEXT });
    expect(gemini.status).toBe(504);
    expect(gemini.body.error.details.provider).toBe('gemini');
  });

  it('answers at once, and calls no more, when the provider asks for a retry in an hour', async () => {
    fakes.openai.mode = 'slow-down';
    const before = fakes.openai.requests.length;
    const res = await ask(ws, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    // The provider's answer, not DEADLINE_EXCEEDED: it answered before the deadline.
    expect(res.status).toBe(400);
    expect(res.body.error.details).toMatchObject({ provider: 'openai', providerStatus: 429 });
    // No retry now and none left sleeping in the SDK (it would call again in an hour).
    expect(fakes.openai.requests.length - before).toBe(1);
    fakes.openai.mode = 'ok';
  });

  it('refuses a baseUrl carrying credentials, a query or a fragment', async () => {
    for (const baseUrl of [
      'http://u:p@10.0.0.1/v1',
      'http://10.0.0.1/admin?x=',
      'http://10.0.0.1/#x',
    ]) {
      const res = await t.post(
        '/v2/workspace/aimodelconfig/update',
        { providers: { openai: { apiKey: 'sk-x', baseUrl } } },
        t.workspaceHeaders(ws),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.providers.openai.baseUrl');
    }
  });

  it('no key configured for the provider: success false (spec 5.5)', async () => {
    const bare = await t.createWorkspace('bare@example.com');
    const res = await ask(bare, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: { success: false, error: expect.stringContaining('openai') },
    });
  });

  it('an unknown model prefix and empty fields are INVALID_ARGUMENT', async () => {
    const unknown = await ask(ws, { model: 'llama3', prompt: PROMPT, text: TEXT });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fields[0].field).toBe('data.model');
    for (const [field, data] of [
      ['model', { model: '', prompt: PROMPT, text: TEXT }],
      ['prompt', { model: 'gpt-4o', prompt: '', text: TEXT }],
      ['text', { model: 'gpt-4o', prompt: PROMPT, text: '' }],
      ['text', { model: 'gpt-4o', prompt: PROMPT }],
      ['model', { model: 'gemini-2.5-pro?alt=sse', prompt: PROMPT, text: TEXT }],
    ] as const) {
      const res = await ask(ws, data);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(`data.${field}`);
    }
    expect(Object.values(fakes).every((f) => f.requests.length === 0)).toBe(true);
  });

  it('a model outside the allow-list is PERMISSION_DENIED; aimodelconfig/get shows the settings', async () => {
    const listed = await t.createWorkspace('listed@example.com');
    const providers = {
      anthropic: {
        apiKey: 'sk-ant-list',
        baseUrl: fakes.anthropic.url,
        models: ['claude-haiku-4-5'],
      },
    };
    expect((await configure(listed, providers)).status).toBe(200);
    const get = await t.post('/v2/workspace/aimodelconfig/get', {}, t.workspaceHeaders(listed));
    expect(get.body.result.data).toEqual({
      providers: {
        anthropic: {
          apiKeyLast4: 'list',
          baseUrl: fakes.anthropic.url,
          models: ['claude-haiku-4-5'],
        },
      },
    });
    const refused = await ask(listed, { model: 'claude-opus-4-0', prompt: PROMPT, text: TEXT });
    expect(refused.status).toBe(403);
    expect(refused.body.error.status).toBe('PERMISSION_DENIED');
    expect(fakes.anthropic.requests).toHaveLength(0);
    const allowed = await ask(listed, { model: 'claude-haiku-4-5', prompt: PROMPT, text: TEXT });
    expect(allowed.body.result.success).toBe(true);
    const bad = await configure(listed, { openai: { apiKey: 'k', baseUrl: 'ftp://x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].field).toBe('data.providers.openai.baseUrl');
  });

  it('usage/get totals each model of the key, in the period asked; texts are not stored', async () => {
    const metered = await t.createWorkspace('metered@example.com');
    await configure(metered, allProviders());
    const before = Date.now();
    await ask(metered, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    await ask(metered, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    await ask(metered, { model: 'gemini-2.5-flash', prompt: PROMPT, text: TEXT });
    fakes.openai.mode = 401;
    await ask(metered, { model: 'gpt-4o', prompt: PROMPT, text: TEXT });
    const res = await t.post('/v2/rewriter/usage/get', {}, t.apiKeyHeaders(metered));
    expect(res.status).toBe(200);
    const models = res.body.result.data.models;
    expect(models).toHaveLength(2);
    expect(models).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          provider: 'openai',
          model: 'gpt-4o',
          calls: 3,
          failedCalls: 1,
          inputTokens: 2 * FAKE_USAGE.input,
          outputTokens: 2 * FAKE_USAGE.output,
        }),
        expect.objectContaining({
          provider: 'gemini',
          model: 'gemini-2.5-flash',
          calls: 1,
          failedCalls: 0,
          inputTokens: FAKE_USAGE.input,
          outputTokens: FAKE_USAGE.output,
        }),
      ]),
    );
    const earlier = await t.post(
      '/v2/rewriter/usage/get',
      { from: 0, to: before - 1 },
      t.apiKeyHeaders(metered),
    );
    expect(earlier.body.result.data).toEqual({ models: [] });
    // Another key of the same workspace sees none of it.
    const sibling = await t.createApiKey(metered);
    const otherKey = await t.post('/v2/rewriter/usage/get', {}, t.apiKeyHeaders(sibling));
    expect(otherKey.body.result.data).toEqual({ models: [] });
    const backwards = await t.post(
      '/v2/rewriter/usage/get',
      { from: 10, to: 5 },
      t.apiKeyHeaders(metered),
    );
    expect(backwards.status).toBe(400);
    const rows = (await everyRowAsText(t.app.get(DataSource))).join('\n');
    expect(rows).toContain('gemini-2.5-flash');
    expect(rows).not.toContain('7f3a9c');
    expect(rows).not.toContain(PROMPT);
    for (const key of Object.values(KEYS)) expect(rows).not.toContain(key);
  });

  it('logs name the failure but never the text, the prompt or a key', async () => {
    fakes.anthropic.mode = 500;
    await ask(ws, { model: 'claude-sonnet-4-0', prompt: PROMPT, text: TEXT });
    const all = logs.join('');
    expect(all).toContain('Ask AI call failed');
    expect(all).not.toContain('7f3a9c');
    expect(all).not.toContain(PROMPT);
    expect(all).not.toContain('SECRETKEY');
  });
});

describe('Ask AI rate limit (RATE_LIMIT_AI_RPM)', () => {
  let t: TestApp;
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider('openai');
    t = await createTestApp({ config: { rateLimitAiRpm: 2, aiAllowPrivateBaseUrls: true } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers RESOURCE_EXHAUSTED with Retry-After past the limit, per API key', async () => {
    const ws = await t.createWorkspace('limited@example.com');
    await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: 'sk-limited', baseUrl: fake.url } } },
      t.workspaceHeaders(ws),
    );
    const ask = (w: TestWorkspace) =>
      t.post(
        '/v2/rewriter/ask-ai',
        { model: 'gpt-4o', prompt: 'p', text: 't' },
        t.apiKeyHeaders(w),
      );
    expect((await ask(ws)).status).toBe(200);
    expect((await ask(ws)).status).toBe(200);
    const limited = await ask(ws);
    expect(limited.status).toBe(429);
    expect(limited.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(fake.requests).toHaveLength(2);
    // Another key of the same workspace has its own count.
    const second = await t.createApiKey(ws);
    expect((await ask(second)).status).toBe(200);
  });
});

/** Names under `.inside.test` resolve to 127.0.0.1, as an internal DNS name would; others fail. */
const insideResolver: ResolveAll = (hostname, _family, callback) =>
  hostname.endsWith('.inside.test')
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);

/** A service on the server's own network: it must hear nothing from Ask AI. */
async function startInternalService(): Promise<{ port: number; calls: string[]; server: Server }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(req.url ?? '');
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'INTERNAL-SECRET-42' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, calls, server };
}

const MODELS = ['gpt-4o', 'claude-haiku-4-5', 'gemini-2.5-flash'] as const;

const askAs = (t: TestApp, w: TestWorkspace, model: string) =>
  t.post('/v2/rewriter/ask-ai', { model, prompt: PROMPT, text: TEXT }, t.apiKeyHeaders(w));

describe("Ask AI never reaches the server's own network (D12.4)", () => {
  let t: TestApp;
  let internal: Awaited<ReturnType<typeof startInternalService>>;
  beforeAll(async () => {
    internal = await startInternalService();
    t = await createTestApp({
      // A server-wide endpoint on loopback, as a workspace endpoint stored before this rule
      // would be: the start-up check is bypassed here, the call-time one is what is tested.
      config: { rateLimitAiRpm: 1000, geminiBaseUrl: `http://127.0.0.1:${internal.port}` },
      overrides: [{ provide: AI_RESOLVE_ALL, useValue: insideResolver }],
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => internal.server.close(resolve));
  });

  it('aimodelconfig/update refuses a private address, naming the setting that allows it', async () => {
    const ws = await t.createWorkspace('literal@example.com');
    for (const host of [
      `127.0.0.1:${internal.port}`,
      'localhost',
      '[::1]',
      '169.254.169.254',
      '10.1.2.3',
      '192.168.0.10',
    ]) {
      const res = await t.post(
        '/v2/workspace/aimodelconfig/update',
        { providers: { openai: { apiKey: 'sk-x', baseUrl: `http://${host}/v1` } } },
        t.workspaceHeaders(ws),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0]).toEqual({
        field: 'data.providers.openai.baseUrl',
        message: expect.stringContaining('AI_ALLOW_PRIVATE_BASE_URLS=true'),
      });
    }
    const stored = await t.post('/v2/workspace/aimodelconfig/get', {}, t.workspaceHeaders(ws));
    expect(stored.body.result.data).toEqual({ providers: {} });
  });

  it('a name that resolves to 127.0.0.1 is PERMISSION_DENIED at call time, nothing sent', async () => {
    const ws = await t.createWorkspace('inside@example.com');
    const baseUrl = `http://models.inside.test:${internal.port}/v1`;
    const configured = await t.post(
      '/v2/workspace/aimodelconfig/update',
      {
        providers: {
          openai: { apiKey: 'sk-o', baseUrl },
          anthropic: { apiKey: 'sk-a', baseUrl },
          gemini: { apiKey: 'gm-g', baseUrl },
        },
      },
      t.workspaceHeaders(ws),
    );
    expect(configured.status).toBe(200);
    for (const model of MODELS) {
      const res = await askAs(t, ws, model);
      expect(res.status).toBe(403);
      expect(res.body.error.status).toBe('PERMISSION_DENIED');
      expect(res.body.error.message).toContain('AI_ALLOW_PRIVATE_BASE_URLS');
      expect(JSON.stringify(res.body)).not.toContain('INTERNAL-SECRET');
    }
    expect(internal.calls).toEqual([]);
  });

  it('a server-wide endpoint on a loopback literal is refused at call time, nothing sent', async () => {
    const ws = await t.createWorkspace('serverwide@example.com');
    await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { gemini: { apiKey: 'gm-only-a-key' } } },
      t.workspaceHeaders(ws),
    );
    const res = await askAs(t, ws, 'gemini-2.5-pro');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      details: { provider: 'gemini' },
    });
    expect(internal.calls).toEqual([]);
  });
});

describe('Ask AI with AI_ALLOW_PRIVATE_BASE_URLS=true', () => {
  let t: TestApp;
  let fake: FakeProvider;
  let inside: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeProvider('openai');
    inside = await startFakeProvider('openai');
    t = await createTestApp({
      config: { rateLimitAiRpm: 1000, aiAllowPrivateBaseUrls: true },
      overrides: [{ provide: AI_RESOLVE_ALL, useValue: insideResolver }],
    });
  });
  afterEach(() => {
    for (const f of [fake, inside]) {
      f.mode = 'ok';
      f.requests.length = 0;
    }
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([fake.close(), inside.close()]);
  });

  const workspaceWith = async (baseUrl: string) => {
    const ws = await t.createWorkspace();
    const res = await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: 'sk-allowed', baseUrl } } },
      t.workspaceHeaders(ws),
    );
    expect(res.status).toBe(200);
    return ws;
  };

  it('reaches an endpoint whose name resolves to 127.0.0.1', async () => {
    const port = new URL(fake.url).port;
    const ws = await workspaceWith(`http://models.inside.test:${port}/v1`);
    fake.answer = 'Reached.';
    const res = await askAs(t, ws, 'gpt-4o');
    expect(res.body).toEqual({ result: { success: true, text: 'Reached.' } });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].headers.host).toBe(`models.inside.test:${port}`);
  });

  it('does not follow a redirect to 127.0.0.1: UNAVAILABLE, the target hears nothing', async () => {
    const ws = await workspaceWith(fake.url);
    fake.mode = { redirectTo: `${inside.url}/chat/completions` };
    const res = await askAs(t, ws, 'gpt-4o');
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      status: 'UNAVAILABLE',
      details: { provider: 'openai', providerStatus: 307 },
    });
    expect(fake.requests).toHaveLength(1);
    expect(inside.requests).toEqual([]);
  });

  it('a caller that goes away stops the provider call (not billed), recorded as CANCELLED', async () => {
    const ws = await workspaceWith(fake.url);
    fake.mode = 'hang';
    const call = askAs(t, ws, 'gpt-4o');
    const settled = call.then(
      () => 'answered',
      () => 'aborted',
    );
    await waitFor(async () => (fake.requests.length === 1 ? true : undefined));
    call.abort();
    // The deadline is AI_TIMEOUT_MS's default, a minute: only the caller leaving ends it now.
    const provider = await Promise.race([
      fake.requests[0].abandoned.then(() => 'provider call stopped'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'provider call still open')),
    ]);
    expect(provider).toBe('provider call stopped');
    expect(await settled).toBe('aborted');
    const outcome = await waitFor(async () => {
      const rows: { outcome: string }[] = await t.app
        .get(DataSource)
        .query('SELECT outcome FROM ai_usage WHERE api_key = $1', [ws.apiKey]);
      return rows[0]?.outcome;
    });
    expect(outcome).toBe('CANCELLED');
  });
});
