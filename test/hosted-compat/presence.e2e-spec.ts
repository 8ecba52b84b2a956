import { addDocuments, envelope, expectDocumented, hostedApp, setup } from './hosted-compat';

// Presence: not in the published collection; the page of update presence
// (api-reference/rest-apis/v2/presence/update-presence), its examples as published.
describe('hosted compat: presence', () => {
  const h = hostedApp();

  it('POST /v2/presence/update: Update Presence', async () => {
    await addDocuments(h, 'org-123', ['doc-456']);
    await setup(h, '/v2/presence/add', {
      organizationId: 'org-123',
      documentId: 'doc-456',
      users: [
        { userId: 'user-1', name: 'User Name', email: 'user@example.com' },
        { userId: 'user-2', name: 'Another User', email: 'another@example.com', status: 'away' },
      ],
    });
    const res = await h.call('/v2/presence/update', {
      organizationId: 'org-123',
      documentId: 'doc-456',
      users: [
        { userId: 'user-1', status: 'online', name: 'Updated Name' },
        { userId: 'user-2', status: 'away' },
      ],
    });
    expectDocumented(res, envelope('Presence updated successfully.', { success: true }));
  });
});
