import { envelope, expectDocumented, hostedApp } from './hosted-compat';

// The collection's "Workspace" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: workspace', () => {
  const h = hostedApp();

  it('POST /v2/workspace/domains/add: Add Domains', async () => {
    const res = await h.call('/v2/workspace/domains/add', {
      domains: ['https://www.google.com', 'https://*.firebase.com'],
    });
    expectDocumented(
      res,
      envelope('Domain(s) added successfully to allowed domains.', { domainsAdded: ['domain'] }),
    );
  });

  it.todo('POST /v2/workspace/domains/delete: Delete Domains (not served yet)');

  it('openapi: POST /workspace/domains/add', async () => {
    const res = await h.call('/v2/workspace/domains/add', { domains: ['https://example.org'] });
    expectDocumented(
      res,
      envelope('Domain(s) added successfully to allowed domains.', { domainsAdded: ['domain'] }),
    );
  });

  it.todo('openapi: POST /workspace/domains/delete (not served yet)');
});
