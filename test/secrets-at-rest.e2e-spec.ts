import { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import { AccessSettingsStore } from '../libs/access/src/application/common/access-settings.store';
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
    // The SendGrid key of emailconfig/update (D14.1): in its event and its row, sealed only.
    const sendgridKey = 'SG.emailconfig-key-0123456789abcdef';
    const emailConfig = await t.post(
      '/v2/workspace/emailconfig/update',
      { emailServiceConfig: { type: 'sendgrid', apiKey: sendgridKey } },
      t.apiKeyHeaders(ws),
    );
    expect(emailConfig.status).toBe(200);
    // An advanced endpoint's signing secret: in its event and its row, sealed only.
    const h = t.apiKeyHeaders(ws);
    await t.post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, h);
    const endpoint = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: 'https://hooks.example.com/e', disabled: true },
      h,
    );
    const endpointSecret = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/secret/get',
      { endpointId: endpoint.body.result.data.id },
      h,
    );

    const secrets = [
      ws.workspaceToken,
      reset.body.result.data.authToken,
      keyReset.body.result.data.newAuthToken.token,
      ws.authToken,
      secondToken,
      providerKey,
      emailKey,
      sendgridKey,
      receiverToken,
      webhook.body.result.data.signingSecret,
      endpointSecret.body.result.data.secret,
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

  // D15: the client token key, the signature secret and the permission provider's token.
  it('stores no client token key, signature secret or provider token in plaintext', async () => {
    const ws = await t.createWorkspace('access-secrets@example.com');
    const h = t.apiKeyHeaders(ws);
    const providerToken = 'provider-token-0123456789abcdef';
    const made = await t.post(
      '/v2/auth/generate_token',
      {
        userId: 'u',
        userProperties: { name: 'U', email: 'u@example.com' },
        permissions: { resources: [] },
      },
      h,
    );
    const signed = await t.post(
      '/v2/auth/generate_signature',
      { permissions: [{ userId: 'u', resourceId: 'd', type: 'document', hasAccess: true }] },
      h,
    );
    const configured = await t.post(
      '/v2/workspace/permissionproviderconfig/update',
      { permissionProviderConfig: { authToken: providerToken } },
      h,
    );
    // Each secret was really made and stored, or its absence below would prove nothing.
    expect([made.status, signed.status, configured.status]).toEqual([200, 200, 200]);
    const keys = await t.post('/v2/auth/verificationkeys/get', {}, h);
    // The private key as the server opens it (its imported key is not extractable).
    const settings = await t.app.get(AccessSettingsStore).load(ws.apiKey);
    const { d } = JSON.parse(t.app.get(SecretBox).open(settings.tokenKey!.sealedPrivateKey));

    const secrets: string[] = [d, keys.body.result.data.signatureSecret, providerToken];
    const rows = await everyRowAsText(t.app.get(DataSource));
    expect(rows.some((r) => r.includes('access.token-key-created'))).toBe(true);
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(10);
      expect(rows.filter((row) => row.includes(secret))).toEqual([]);
    }
  });
});
