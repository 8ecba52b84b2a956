import { generateKeyPairSync } from 'node:crypto';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

const rsaPublicKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64');

// Operation 3: normalisation, wildcards and the INTERNAL partial answer.
describe('POST /v2/workspace/domains/add (operation 3)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
  });
  afterAll(() => t.close());

  it('normalises domains and keeps wildcards', async () => {
    const res = await t.post(
      '/v2/workspace/domains/add',
      {
        domains: [
          'https://www.Google.com/path?q=1',
          'https://*.firebase.com',
          'app.example.com:8443',
        ],
      },
      t.apiKeyHeaders(ws),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Domain(s) added successfully to allowed domains.',
        data: { domainsAdded: ['google.com', '*.firebase.com', 'app.example.com'] },
      },
    });
  });

  it('adds the new ones and answers INTERNAL with details when some exist', async () => {
    const res = await t.post(
      '/v2/workspace/domains/add',
      { domains: ['google.com', 'velt.dev', 'http://velt.dev'] },
      t.apiKeyHeaders(ws),
    );
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: {
        status: 'INTERNAL',
        message: 'Domain(s) added successfully to allowed domains. Skipped existing domains.',
        details: { domainsAdded: ['velt.dev'], skippedDomains: ['google.com', 'velt.dev'] },
      },
    });
    // velt.dev was added: a second call skips it.
    const again = await t.post(
      '/v2/workspace/domains/add',
      { domains: ['velt.dev'] },
      t.apiKeyHeaders(ws),
    );
    expect(again.body.error.details).toEqual({ domainsAdded: [], skippedDomains: ['velt.dev'] });
  });

  it('refuses bad input naming the field', async () => {
    const cases: [unknown, string][] = [
      [{}, 'data.domains'],
      [{ domains: [] }, 'data.domains'],
      [{ domains: 'a.com' }, 'data.domains'],
      [{ domains: [5] }, 'data.domains'],
      [{ domains: ['ok.com', 'not a domain'] }, 'data.domains[1]'],
    ];
    for (const [data, field] of cases) {
      const res = await t.post('/v2/workspace/domains/add', data, t.apiKeyHeaders(ws));
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
  });

  it("refuses missing headers, a wrong token and another key's token", async () => {
    const missing = await t.post(
      '/v2/workspace/domains/add',
      { domains: ['a.com'] },
      { 'x-service-auth-token': ws.authToken },
    );
    expect(missing.status).toBe(401);
    expect(missing.body.error.message).toBe('Missing header x-service-api-key');
    const wrong = await t.post(
      '/v2/workspace/domains/add',
      { domains: ['a.com'] },
      { ...t.apiKeyHeaders(ws), 'x-service-auth-token': 'tok_nope' },
    );
    expect(wrong.body.error).toEqual({ status: 'UNAUTHENTICATED', message: 'Invalid credentials' });
    const other = await t.createWorkspace('other@example.com');
    const crossed = await t.post(
      '/v2/workspace/domains/add',
      { domains: ['a.com'] },
      { ...t.apiKeyHeaders(ws), 'x-service-api-key': other.apiKey },
    );
    expect(crossed.status).toBe(401);
    expect(crossed.body.error).toEqual({
      status: 'UNAUTHENTICATED',
      message: 'Invalid credentials',
    });
  });
});

// Operation 4 and webhookconfig/get (D11.1, D11.4).
describe('POST /v2/workspace/webhookconfig/update (operation 4)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
  });
  afterAll(() => t.close());

  const update = (data: unknown) =>
    t.post('/v2/workspace/webhookconfig/update', data, t.apiKeyHeaders(ws));
  const read = async () =>
    (await t.post('/v2/workspace/webhookconfig/get', {}, t.apiKeyHeaders(ws))).body.result.data;

  it('stores the configuration and answers data null', async () => {
    const res = await update({
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: 'receiver-secret',
        rawNotificationUrl: 'https://hooks.example.com/raw',
        triggers: { 'comment.add': true, 'comment.delete': false },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Webhook configuration updated successfully.',
        data: null,
      },
    });
    const config = await read();
    expect(config.useWebhookService).toBe(true);
    expect(config.webhookServiceConfig).toMatchObject({
      authToken: 'receiver-secret',
      rawNotificationUrl: 'https://hooks.example.com/raw',
      triggers: { 'comment.add': true, 'comment.delete': false },
    });
  });

  it('turns on all nine triggers when the service is enabled with none (D11.1)', async () => {
    const w = await t.createWorkspace('nine@example.com');
    await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: { processedNotificationUrl: 'https://h.example.com/p' },
      },
      t.apiKeyHeaders(w),
    );
    const config = (await t.post('/v2/workspace/webhookconfig/get', {}, t.apiKeyHeaders(w))).body
      .result.data;
    expect(Object.keys(config.webhookServiceConfig.triggers)).toHaveLength(9);
    expect(Object.values(config.webhookServiceConfig.triggers).every(Boolean)).toBe(true);
  });

  it('accepts encryptData with an RSA public key', async () => {
    const res = await update({
      webhookServiceConfig: { encryptData: true, publicKey: rsaPublicKey(), encodeData: true },
    });
    expect(res.status).toBe(200);
    expect((await read()).webhookServiceConfig).toMatchObject({
      encryptData: true,
      encodeData: true,
    });
  });

  it('refuses every invalid configuration with INVALID_ARGUMENT naming the field, and changes nothing', async () => {
    const before = await read();
    const cases: [unknown, string][] = [
      [{}, 'data'],
      [{ useWebhookService: 'yes' }, 'data.useWebhookService'],
      [
        { webhookServiceConfig: { rawNotificationUrl: 'not a url' } },
        'data.webhookServiceConfig.rawNotificationUrl',
      ],
      [
        { webhookServiceConfig: { processedNotificationUrl: 'ftp://x.example.com/' } },
        'data.webhookServiceConfig.processedNotificationUrl',
      ],
      [
        { webhookServiceConfig: { rawNotificationUrl: 'http://127.0.0.1:8080/hook' } },
        'data.webhookServiceConfig.rawNotificationUrl',
      ],
      [
        { webhookServiceConfig: { triggers: { 'comment.explode': true } } },
        'data.webhookServiceConfig.triggers.comment.explode',
      ],
      [
        { webhookServiceConfig: { triggers: { 'comment.add': 'on' } } },
        'data.webhookServiceConfig.triggers.comment.add',
      ],
      [
        { webhookServiceConfig: { encryptData: true, publicKey: 'bm90IGEga2V5' } },
        'data.webhookServiceConfig.publicKey',
      ],
      [{ webhookServiceConfig: { encryptData: 'true' } }, 'data.webhookServiceConfig.encryptData'],
      [
        { webhookServiceConfig: { rawNotificationUrl: '', processedNotificationUrl: '' } },
        'data.webhookServiceConfig.rawNotificationUrl',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await update(data);
      expect({ field, status: res.status, error: res.body.error?.status }).toEqual({
        field,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
    expect(await read()).toEqual(before);
  });

  it('refuses encryptData without a key on a new key, and useWebhookService true with no URL', async () => {
    const w = await t.createWorkspace('nourl@example.com');
    const noUrl = await t.post(
      '/v2/workspace/webhookconfig/update',
      { useWebhookService: true },
      t.apiKeyHeaders(w),
    );
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error.status).toBe('INVALID_ARGUMENT');
    const noKey = await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { encryptData: true } },
      t.apiKeyHeaders(w),
    );
    expect(noKey.body.error.details.fields[0].field).toBe('data.webhookServiceConfig.publicKey');
  });
});
