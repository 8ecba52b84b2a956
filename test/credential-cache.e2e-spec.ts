import { createTestApp, type TestApp } from '@app/testing';
import { DataSource } from 'typeorm';
import { credentialCaches } from '../libs/workspaces/src/auth/credential-cache';

describe('cached API-key credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Kept far longer than the test runs: only the reset's invalidation can refuse the old token.
    const caches = credentialCaches(t.app.get(DataSource));
    caches.apiKeys.ttlMs = 10 * 60_000;
    caches.workspaces.ttlMs = 10 * 60_000;
  });
  afterAll(() => t?.close());

  it('refuses a token used a moment before its reset', async () => {
    const w = await t.createWorkspace('cache@example.com');
    const read = (authToken: string) =>
      t.post('/v2/organizations/get', {}, t.apiKeyHeaders({ ...w, authToken }));
    expect((await read(w.authToken)).status).toBe(200);
    const res = await t.post(
      '/v2/workspace/authtoken/reset',
      { apiKey: w.apiKey },
      t.workspaceHeaders(w),
    );
    expect(res.status).toBe(200);
    expect((await read(w.authToken)).status).toBe(401);
    expect((await read(res.body.result.data.newAuthToken.token)).status).toBe(200);
  });
});
