import { ProjectionRebuilder } from '@app/event-store';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import type { QueryRunner } from 'typeorm';
import { DataSource } from 'typeorm';
import { WorkspaceOwner1764400000700 } from '../libs/workspaces/src/migrations/1764400000700-workspace-owner';

// The hosted workspace reads and updates (D3): workspace/get, domains/get|delete,
// apikeys/get, apikey/update; and the hosted calls answered UNIMPLEMENTED (D1).
describe('workspace reads and updates (hosted calls)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let second: TestWorkspace;
  let created: { id: string; owner: { id: string }; apiKeyList: Record<string, unknown> };

  const events = async (type: string, apiKey: string): Promise<unknown[]> =>
    (
      await t.app
        .get(DataSource)
        .query(`SELECT data FROM events WHERE type = $1 AND stream_id = $2`, [
          type,
          `api-key-${apiKey}`,
        ])
    ).map((row: { data: unknown }) => row.data);

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.post(
      '/v2/workspace/create',
      {
        ownerEmail: 'ada@example.com',
        name: 'Ada',
        workspaceName: 'Analytical',
        avatar: 'https://example.com/ada.png',
      },
      { 'x-service-admin-token': t.adminToken },
    );
    if (res.status !== 200) throw new Error(`workspace/create failed: ${res.text}`);
    created = res.body.result.data;
    const first = Object.keys(created.apiKeyList)[0];
    const workspace = { workspaceId: created.id, workspaceToken: res.body.result.data.authToken };
    const tokens = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: first },
      t.workspaceHeaders({ ...workspace, apiKey: first, authToken: '' }),
    );
    ws = { ...workspace, apiKey: first, authToken: tokens.body.result.data.authTokens[0].token };
    second = await t.createApiKey(ws);
  });
  afterAll(() => t.close());

  describe('POST /v2/workspace/get', () => {
    it('answers the hosted shape: owner, every API key by key, and no auth token', async () => {
      const res = await t.post('/v2/workspace/get', {}, t.workspaceHeaders(ws));
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({
        status: 'success',
        message: 'Workspace retrieved successfully',
        data: {
          id: ws.workspaceId,
          name: 'Analytical',
          owner: {
            email: 'ada@example.com',
            id: created.owner.id,
            name: 'Ada',
            avatar: 'https://example.com/ada.png',
          },
          apiKeyList: {
            [ws.apiKey]: { id: ws.apiKey, apiKeyName: 'Ada Test API Key', type: 'testing' },
            [second.apiKey]: {
              id: second.apiKey,
              apiKeyName: 'owner@example.com API Key',
              type: 'testing',
            },
          },
        },
      });
      // Stored as a digest only (D2.5): no token of any kind is in the answer.
      expect(res.text).not.toContain(ws.workspaceToken);
      expect(res.text).not.toContain(ws.authToken);
      expect(res.text).not.toMatch(/authToken|wst_|tok_/);
    });

    it('is workspace level: API key credentials and a wrong token are refused', async () => {
      const byKey = await t.post('/v2/workspace/get', {}, t.apiKeyHeaders(ws));
      expect(byKey.status).toBe(401);
      const wrong = await t.post(
        '/v2/workspace/get',
        {},
        t.workspaceHeaders({ ...ws, workspaceToken: 'wst_wrong' }),
      );
      expect(wrong.body.error).toEqual({
        status: 'UNAUTHENTICATED',
        message: 'Invalid credentials',
      });
    });

    it("fills the owner's id and avatar of workspaces made before the columns (migration)", async () => {
      const dataSource = t.app.get(DataSource);
      await dataSource.query(
        `ALTER TABLE workspaces DROP COLUMN owner_id, DROP COLUMN owner_avatar`,
      );
      const runner = { query: (sql: string) => dataSource.query(sql) } as unknown as QueryRunner;
      await new WorkspaceOwner1764400000700().up(runner);
      const res = await t.post('/v2/workspace/get', {}, t.workspaceHeaders(ws));
      expect(res.body.result.data.owner).toEqual({
        email: 'ada@example.com',
        id: created.owner.id,
        name: 'Ada',
        avatar: 'https://example.com/ada.png',
      });
    });

    it('leaves out the owner fields a workspace never had (made without an avatar)', async () => {
      const other = await t.createWorkspace('grace@example.com');
      const res = await t.post('/v2/workspace/get', {}, t.workspaceHeaders(other));
      expect(res.body.result.data.owner).toEqual({
        email: 'grace@example.com',
        id: expect.any(String),
        name: 'Owner',
      });
    });
  });

  describe('POST /v2/workspace/domains/get and /domains/delete', () => {
    const h = () => t.apiKeyHeaders(ws);
    const domains = async () =>
      (await t.post('/v2/workspace/domains/get', {}, h())).body.result.data.allowedDomains;

    it('reads the allowed domains, removes some (normalised) and reads them gone', async () => {
      expect(await domains()).toEqual([]);
      await t.post(
        '/v2/workspace/domains/add',
        { domains: ['google.com', 'velt.dev', '*.firebase.com', 'example.org'] },
        h(),
      );
      const read = await t.post('/v2/workspace/domains/get', {}, h());
      expect(read.body.result).toEqual({
        status: 'success',
        message: 'Allowed domains retrieved successfully.',
        data: { allowedDomains: ['google.com', 'velt.dev', '*.firebase.com', 'example.org'] },
      });
      const res = await t.post(
        '/v2/workspace/domains/delete',
        { domains: ['https://www.google.com', 'https://*.firebase.com'] },
        h(),
      );
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({
        status: 'success',
        message: 'Domain(s) removed successfully from allowed domains.',
        data: { domainsRemoved: ['google.com', '*.firebase.com'] },
      });
      expect(await domains()).toEqual(['velt.dev', 'example.org']);
      expect(await events('workspaces.domains-removed', ws.apiKey)).toEqual([
        { domains: ['google.com', '*.firebase.com'] },
      ]);
      // The other key of the workspace has its own list.
      const other = await t.post('/v2/workspace/domains/get', {}, t.apiKeyHeaders(second));
      expect(other.body.result.data.allowedDomains).toEqual([]);
    });

    it('removes what it has and answers the hosted INTERNAL naming the skipped ones', async () => {
      const res = await t.post(
        '/v2/workspace/domains/delete',
        { domains: ['velt.dev', 'google.com', 'http://velt.dev'] },
        h(),
      );
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({
        status: 'INTERNAL',
        message:
          'Domain(s) removed successfully from allowed domains. Skipped non-existing domains.',
        details: { domainsRemoved: ['velt.dev'], skippedDomains: ['google.com', 'velt.dev'] },
      });
      expect(await domains()).toEqual(['example.org']);
      // A removed domain can be added again.
      const again = await t.post('/v2/workspace/domains/add', { domains: ['velt.dev'] }, h());
      expect(again.body.result.data).toEqual({ domainsAdded: ['velt.dev'] });
      expect(await domains()).toEqual(['example.org', 'velt.dev']);
    });

    it.each([
      ['no domains', {}, 'data.domains'],
      ['an empty list', { domains: [] }, 'data.domains'],
      ['a string', { domains: 'a.com' }, 'data.domains'],
      ['a number in the list', { domains: [5] }, 'data.domains'],
      [
        '101 domains',
        { domains: Array.from({ length: 101 }, (_, i) => `d${i}.com`) },
        'data.domains',
      ],
      ['one non-domain', { domains: ['example.org', 'not a domain'] }, 'data.domains[1]'],
    ])('refuses %s (naming the field) and removes nothing', async (_, data, field) => {
      const res = await t.post('/v2/workspace/domains/delete', data, h());
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
      expect(await domains()).toEqual(['example.org', 'velt.dev']);
    });

    it('rebuilds the allowed domains and names from the log as the projection kept them', async () => {
      const dataSource = t.app.get(DataSource);
      const rows = () =>
        dataSource.query(`SELECT api_key, allowed_domains, settings FROM api_keys ORDER BY 1`);
      const before = await rows();
      await dataSource.query(`UPDATE api_keys SET allowed_domains = '["x.com"]'`);
      const result = await t.app.get(ProjectionRebuilder).rebuild('api-key');
      expect(result?.events).toBeGreaterThan(5);
      expect(await rows()).toEqual(before);
    });
  });

  describe('POST /v2/workspace/apikeys/get', () => {
    const keys = () => [ws.apiKey, second.apiKey].sort();
    const call = (data: unknown, w = ws) =>
      t.post('/v2/workspace/apikeys/get', data, t.workspaceHeaders(w));

    it('lists the keys in key order (id, name, type), without a token or a secret', async () => {
      const res = await call({});
      expect(res.body.result).toEqual({
        status: 'success',
        message: 'API keys retrieved successfully.',
        data: keys().map((id) => ({ id, apiKeyName: expect.any(String), type: 'testing' })),
      });
      expect(Object.keys(res.body.result.data[0]).sort()).toEqual(['apiKeyName', 'id', 'type']);
      expect(res.text).not.toContain(ws.authToken);
      expect(res.text).not.toContain(second.authToken);
    });

    it('pages with nextPageToken, absent on the last page, and filters by apiKeys', async () => {
      const first = await call({ pageSize: 1 });
      expect(first.body.result.data.map((k: { id: string }) => k.id)).toEqual([keys()[0]]);
      const token = first.body.result.nextPageToken;
      expect(typeof token).toBe('string');
      const next = await call({ pageSize: 1, pageToken: token });
      expect(next.body.result.data.map((k: { id: string }) => k.id)).toEqual([keys()[1]]);
      expect(next.body.result).not.toHaveProperty('nextPageToken');
      const only = await call({ apiKeys: [second.apiKey, 'unknown'] });
      expect(only.body.result.data.map((k: { id: string }) => k.id)).toEqual([second.apiKey]);
    });

    it.each([
      [{ pageSize: 101 }, 'data.pageSize'],
      [{ pageSize: 0 }, 'data.pageSize'],
      [{ pageSize: 1.5 }, 'data.pageSize'],
      [{ apiKeys: 'k' }, 'data.apiKeys'],
      [{ apiKeys: [''] }, 'data.apiKeys'],
      [{ pageToken: 'made.up' }, 'data.pageToken'],
    ])('refuses %j naming %s', async (data, field) => {
      const res = await call(data);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    });

    it("refuses a page token of another workspace's read", async () => {
      const other = await t.createWorkspace('other@example.com');
      await t.createApiKey(other);
      const token = (await call({ pageSize: 1 }, other)).body.result.nextPageToken;
      const res = await call({ pageSize: 1, pageToken: token });
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    });
  });

  describe('POST /v2/workspace/apikey/update', () => {
    const rename = (data: unknown, w = ws) =>
      t.post('/v2/workspace/apikey/update', data, t.workspaceHeaders(w));

    it('renames a key of the workspace: one event, the reads show the new name', async () => {
      const res = await rename({ apiKey: second.apiKey, apiKeyName: 'Production Key' });
      expect(res.status).toBe(200);
      expect(res.body.result).toEqual({
        status: 'success',
        message: 'API key updated successfully.',
        data: null,
      });
      const list = await t.post('/v2/workspace/apikeys/get', {}, t.workspaceHeaders(ws));
      expect(list.body.result.data).toContainEqual({
        id: second.apiKey,
        apiKeyName: 'Production Key',
        type: 'testing',
      });
      const space = await t.post('/v2/workspace/get', {}, t.workspaceHeaders(ws));
      expect(space.body.result.data.apiKeyList[second.apiKey].apiKeyName).toBe('Production Key');
      // The same name again changes nothing and records nothing.
      await rename({ apiKey: second.apiKey, apiKeyName: 'Production Key' });
      expect(await events('workspaces.api-key-renamed', second.apiKey)).toEqual([
        { apiKeyName: 'Production Key' },
      ]);
    });

    it('answers NOT_FOUND for an unknown key, as the hosted page does', async () => {
      const res = await rename({ apiKey: 'no-such-key', apiKeyName: 'X' });
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ status: 'NOT_FOUND', message: 'API key not found.' });
    });

    it.each([
      ['no apiKey', { apiKeyName: 'X' }, 'data.apiKey'],
      ['no apiKeyName', { apiKey: 'k' }, 'data.apiKeyName'],
      ['an empty name', { apiKey: 'k', apiKeyName: '' }, 'data.apiKeyName'],
      ['a name of 201 characters', { apiKey: 'k', apiKeyName: 'x'.repeat(201) }, 'data.apiKeyName'],
      ['a number as name', { apiKey: 'k', apiKeyName: 5 }, 'data.apiKeyName'],
      ['a null name', { apiKey: 'k', apiKeyName: null }, 'data.apiKeyName'],
    ])('refuses %s, naming the field', async (_, data, field) => {
      const res = await rename(data);
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    });

    it('is workspace level: an API key and its auth token are refused', async () => {
      const res = await t.post(
        '/v2/workspace/apikey/update',
        { apiKey: ws.apiKey, apiKeyName: 'By key' },
        t.apiKeyHeaders(ws),
      );
      expect(res.status).toBe(401);
      expect(await events('workspaces.api-key-renamed', ws.apiKey)).toEqual([]);
    });
  });

  describe('hosted calls not served (UNIMPLEMENTED, HTTP 501)', () => {
    it('POST /v2/livestate/broadcast answers 501 after authentication, whatever the body', async () => {
      const body = {
        organizationId: 'org',
        documentId: 'doc',
        liveStateDataId: 'state',
        data: { status: 'active' },
        merge: true,
      };
      for (const data of [body, {}, { organizationId: 5 }]) {
        const res = await t.post('/v2/livestate/broadcast', data, t.apiKeyHeaders(ws));
        expect({ status: res.status, body: res.body }).toEqual({
          status: 501,
          body: {
            error: {
              status: 'UNIMPLEMENTED',
              message: expect.stringMatching(/livestate\/broadcast is not served yet: .*realtime/),
            },
          },
        });
      }
      const anonymous = await t.post('/v2/livestate/broadcast', body, {});
      expect(anonymous.status).toBe(401);
      const wrong = await t.post(
        '/v2/livestate/broadcast',
        body,
        t.apiKeyHeaders({ ...ws, authToken: 'wrong' }),
      );
      expect(wrong.status).toBe(401);
    });

    it('an out-of-scope hosted path answers 501 naming it; a path not listed stays a 404', async () => {
      const res = await t.post('/v2/agents/create', { name: 'x' }, {});
      expect(res.status).toBe(501);
      expect(res.body.error).toEqual({
        status: 'UNIMPLEMENTED',
        message:
          'POST /v2/agents/create is not served: the hosted AI agents API (agents, groups, prompts, versions, executions) is not part of this server.',
      });
      expect(res.headers['x-request-id']).toBeDefined();
      const unknown = await t.post('/v2/agents/no-such-call', {}, {});
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.status).toBe('NOT_FOUND');
    });
  });
});
