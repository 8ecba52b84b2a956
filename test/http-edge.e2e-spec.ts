import request from 'supertest';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import { ApiKeyRowReader } from './support/api-key-row-reader';

// D1: envelopes, status mapping, request ids, body limits, unknown paths.
describe('HTTP edge (D1)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
  });
  afterAll(() => t.close());

  const raw = (path: string) => request(t.app.getHttpServer()).post(path);

  it('answers INVALID_ARGUMENT when data is missing or not an object (D1.1)', async () => {
    for (const body of [{}, { data: 'x' }, { data: [1] }, { data: null }, { other: 1 }]) {
      const res = await raw('/v2/workspace/apikey/create').set(t.workspaceHeaders(ws)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe('data');
    }
  });

  it('refuses a NUL character anywhere in data, naming where, and writes nothing', async () => {
    const res = await t.post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        documents: [{ documentId: 'ok' }, { documentId: 'd', documentName: 'a\u0000b' }],
      },
      t.apiKeyHeaders(ws),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe('data.documents[1].documentName');
    const read = await t.post(
      '/v1/organizations/documents/get',
      { organizationId: 'org' },
      t.apiKeyHeaders(ws),
    );
    expect(read.body.result.data).toEqual([]);
  });

  it('answers INVALID_ARGUMENT for malformed JSON (D1.1)', async () => {
    const res = await raw('/v2/workspace/apikey/create')
      .set(t.workspaceHeaders(ws))
      .set('Content-Type', 'application/json')
      .send('{"data": {"ownerEmail": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: expect.any(String) },
    });
  });

  it('answers 413 with a failure envelope for a 6 MiB body (D1.2)', async () => {
    const res = await raw('/v2/workspace/apikey/create')
      .set(t.workspaceHeaders(ws))
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          data: { ownerEmail: 'a@example.com', apiKeyName: 'x'.repeat(6 * 1024 * 1024) },
        }),
      );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Request body is larger than 5 MiB' },
    });
  });

  it('answers 404 NOT_FOUND with a failure envelope for an unknown path (D1.3)', async () => {
    const res = await raw('/v2/no/such/operation').send({ data: {} });
    expect(res.status).toBe(404);
    expect(res.body.error.status).toBe('NOT_FOUND');
  });

  it('ignores unknown fields inside data (D1.4)', async () => {
    const res = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'a@example.com', surprise: { deep: true } },
      t.workspaceHeaders(ws),
    );
    expect(res.status).toBe(200);
    // What was stored is the key of the known field and its defaults, without the unknown one.
    const row = await new ApiKeyRowReader(t).read(res.body.result.data.apiKey);
    expect(row.settings).toEqual({
      ownerEmail: 'a@example.com',
      type: 'testing',
      apiKeyName: 'a@example.com API Key',
      useEmailService: false,
    });
    expect(row.allowedDomains).toEqual([]);
  });

  it("echoes the caller's x-request-id, or makes one (D1.5)", async () => {
    const mine = await raw('/v2/workspace/authtokens/get')
      .set(t.workspaceHeaders(ws))
      .set('x-request-id', 'req-123')
      .send({ data: { apiKey: ws.apiKey } });
    expect(mine.headers['x-request-id']).toBe('req-123');
    const made = await raw('/v2/nothing').send({ data: {} });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never answers a stack trace or SQL (D1.7)', async () => {
    const answers = await Promise.all([
      raw('/v2/workspace/apikey/create')
        .set(t.workspaceHeaders(ws))
        .set('Content-Type', 'application/json')
        .send('{bad'),
      raw('/v2/workspace/domains/add')
        .set(t.apiKeyHeaders(ws))
        .send({ data: { domains: [{ $gt: '' }] } }),
      raw('/v2/workspace/authtokens/get')
        .set(t.workspaceHeaders(ws))
        .send({ data: { apiKey: "' OR 1=1 --" } }),
    ]);
    for (const res of answers) {
      const text = JSON.stringify(res.body);
      expect(res.body.error).toBeDefined();
      expect(text).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT|INSERT|QueryFailedError/);
    }
  });

  it('serves OpenAPI at /docs and health at /health', async () => {
    const docs = await request(t.app.getHttpServer()).get('/docs-json');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/v2/workspace/apikey/create', '/v2/workspace/webhookconfig/update']),
    );
    // The UI and its files; HEAD says the document's length; an unknown file is the envelope's 404.
    const server = t.app.getHttpServer();
    expect((await request(server).get('/docs')).text).toContain('swagger-ui');
    const css = await request(server).get('/docs/swagger-ui.css');
    expect([css.status, css.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    const head = await request(server).head('/docs-json');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(docs.text));
    const missing = await request(server).get('/docs/no-such-file.js');
    expect([missing.status, missing.body.error?.status]).toEqual([404, 'NOT_FOUND']);
    const health = await request(t.app.getHttpServer()).get('/health');
    expect(health.status).toBe(200);
    expect(health.body.details).toEqual({
      database: expect.objectContaining({ status: 'up' }),
      queue: { status: 'up' },
    });
  });
});
