import {
  addOrganizations,
  batchItem,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  secondPageToken,
  withoutKeys,
  type Hosted,
} from './hosted-compat';

/** The hosted page's answer to organizations/get: organizations and the next page's token. */
const organizationsPage = envelope(
  'Organization(s) retrieved successfully.',
  [{ id: 'id', organizationName: 'name', disabled: false }],
  { nextPageToken: 'token' },
);

/** A page token, as a first page of `organizationIds` one at a time answers it. */
const pageTwo = (h: Hosted, organizationIds: string[]) =>
  secondPageToken(
    h,
    '/v2/organizations/get',
    { organizationIds },
    organizationsPage,
    'nextPageToken',
  );

// The collection's "Organizations" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: organizations', () => {
  const h = hostedApp();

  it('POST /v2/organizations/add: Add Organizations', async () => {
    const res = await h.call('/v2/organizations/add', {
      organizations: [{ organizationId: 'org-add', organizationName: 'Your Organization Name' }],
    });
    expectDocumented(res, envelope('Organization(s) added successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/get: Get Organizations', async () => {
    await addOrganizations(h, 'org-get-1', 'org-get-2');
    const organizationIds = ['org-get-1', 'org-get-2'];
    const res = await h.call('/v2/organizations/get', {
      organizationIds,
      pageSize: 1000,
      pageToken: await pageTwo(h, organizationIds),
    });
    // The last page has no next token (D5.5); the first page above carries one.
    expectDocumented(res, withoutKeys(organizationsPage, 'result.nextPageToken'));
  });

  it('POST /v2/organizations/update: Update Organizations', async () => {
    await addOrganizations(h, 'org-update');
    const res = await h.call('/v2/organizations/update', {
      organizations: [
        { organizationId: 'org-update', organizationName: 'Your Updated Organization Name' },
      ],
    });
    expectDocumented(res, envelope('Organization(s) updated successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/delete: Delete Organizations', async () => {
    await addOrganizations(h, 'yourOrganizationId1', 'yourOrganizationId2');
    const res = await h.call('/v2/organizations/delete', {
      organizationIds: ['yourOrganizationId1', 'yourOrganizationId2'],
    });
    expectDocumented(res, envelope('Organization(s) deleted successfully.', byId(batchItem)));
    // The page's second item: one that does not exist fails with its message.
    const again = await h.call('/v2/organizations/delete', {
      organizationIds: ['yourOrganizationId2'],
    });
    expect(again.body.result.data.yourOrganizationId2).toMatchObject({
      success: false,
      message: 'Organization does not exist',
    });
  });

  it('POST /v2/organizations/access/disablestate/update: Update Disabled State for Organizations', async () => {
    await addOrganizations(h, 'org-disable-1');
    // A missing organization is made with the state given (hosted).
    const res = await h.call('/v2/organizations/access/disablestate/update', {
      organizationIds: ['org-disable-1', 'org-disable-2'],
      disabled: true,
    });
    expectDocumented(
      res,
      envelope('Updated disable state for Organization(s) successfully.', byId(batchItem)),
    );
    expect(res.body.result.data['org-disable-2'].message).toBe(
      'Updated disable state for organization Successfully',
    );
  });

  it('openapi: POST /organizations/add (an existing organization is updated)', async () => {
    await addOrganizations(h, 'org-openapi-add');
    const res = await h.call('/v2/organizations/add', {
      organizations: [
        { organizationId: 'org-openapi-add', organizationName: 'Your Organization Name' },
      ],
    });
    expectDocumented(res, envelope('Organization(s) added successfully.', byId(batchItem)));
    const read = await h.call('/v2/organizations/get', { organizationIds: ['org-openapi-add'] });
    expect(read.body.result.data[0].organizationName).toBe('Your Organization Name');
  });

  it('openapi: POST /organizations/get', async () => {
    await addOrganizations(h, 'org-openapi-get-1', 'org-openapi-get-2');
    const organizationIds = ['org-openapi-get-1', 'org-openapi-get-2'];
    const res = await h.call('/v2/organizations/get', {
      organizationIds,
      pageSize: 1000,
      pageToken: await pageTwo(h, organizationIds),
    });
    // The schema reuses the request's Organization (organizationId); the page's example and
    // D6.1 answer `id`, which is what callers read.
    expectDocumented(
      res,
      envelope('Organization(s) retrieved successfully.', [
        { id: 'id', organizationName: 'name', disabled: false },
      ]),
    );
  });

  it('openapi: POST /organizations/update', async () => {
    await addOrganizations(h, 'org-openapi-update');
    const res = await h.call('/v2/organizations/update', {
      organizations: [
        {
          organizationId: 'org-openapi-update',
          organizationName: 'Your Updated Organization Name',
        },
      ],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });

  it('openapi: POST /organizations/delete', async () => {
    await addOrganizations(h, 'org-openapi-delete-1', 'org-openapi-delete-2');
    const res = await h.call('/v2/organizations/delete', {
      organizationIds: ['org-openapi-delete-1', 'org-openapi-delete-2'],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });

  it('openapi: POST /organizations/access/disablestate/update', async () => {
    const res = await h.call('/v2/organizations/access/disablestate/update', {
      organizationIds: ['org-openapi-disable-1', 'org-openapi-disable-2'],
      disabled: true,
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
    const read = await h.call('/v2/organizations/get', {
      organizationIds: ['org-openapi-disable-1'],
    });
    expect(read.body.result.data[0].disabled).toBe(true);
  });
});
