import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '@app/testing';
import { everyRowAsText } from './support/every-row';

// D2.5, D3.5, D3.6: tokens and provider keys are never stored in plaintext.
describe('secrets at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores no token or provider key in plaintext in any table', async () => {
    const ws = await t.createWorkspace('secret@example.com');
    const providerKey = 'sk-live-provider-key-0123456789abcdef';
    const emailKey = 'SG.email-provider-key-abcdef0123456789';
    const receiverToken = 'receiver-token-0123456789abcdef';
    await t.post(
      '/v2/workspace/aimodelconfig/update',
      { providers: { openai: { apiKey: providerKey } } },
      t.workspaceHeaders(ws),
    );
    const created = await t.post(
      '/v2/workspace/apikey/create',
      {
        ownerEmail: 'secret@example.com',
        emailServiceConfig: { apiKey: emailKey },
        webhookServiceConfig: { authToken: receiverToken },
      },
      t.workspaceHeaders(ws),
    );
    const tokens = await t.post(
      '/v2/workspace/authtokens/get',
      { apiKey: created.body.result.data.apiKey },
      t.workspaceHeaders(ws),
    );
    const secondToken = tokens.body.result.data.authTokens[0].token;
    const reset = await t.post(
      '/v2/workspace/workspaceauthtoken/reset',
      {},
      t.workspaceHeaders(ws),
    );
    const keyReset = await t.post(
      '/v2/workspace/authtoken/reset',
      { apiKey: created.body.result.data.apiKey },
      t.workspaceHeaders({ ...ws, workspaceToken: reset.body.result.data.authToken }),
    );
    const webhook = await t.post('/v2/workspace/webhookconfig/get', {}, t.apiKeyHeaders(ws));

    const secrets = [
      ws.workspaceToken,
      reset.body.result.data.authToken,
      keyReset.body.result.data.newAuthToken.token,
      ws.authToken,
      secondToken,
      providerKey,
      emailKey,
      receiverToken,
      webhook.body.result.data.signingSecret,
      t.adminToken,
    ];
    const rows = await everyRowAsText(t.app.get(DataSource));
    expect(rows.some((r) => r.startsWith('events:'))).toBe(true);
    expect(rows.length).toBeGreaterThan(5);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(rows.filter((row) => row.includes(secret))).toEqual([]);
    }
  });
});
