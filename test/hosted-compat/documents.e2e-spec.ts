import {
  addDocuments,
  addFolders,
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

/** The hosted page's answer to documents/get: documents and the next page's token. */
const documentsPage = envelope(
  'Document(s) retrieved successfully.',
  [{ documentName: 'name', disabled: false, accessType: 'public', id: 'id' }],
  { pageToken: 'token' },
);

/** The token of the second page of an organization's documents, one a page. */
const pageTwo = (h: Hosted, organizationId: string) =>
  secondPageToken(
    h,
    '/v2/organizations/documents/get',
    { organizationId },
    documentsPage,
    'pageToken',
  );

// The collection's "Documents" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: documents', () => {
  const h = hostedApp();

  it('POST /v2/organizations/documents/add: Add Documents', async () => {
    await addOrganizations(h, 'org-docs-add');
    const res = await h.call('/v2/organizations/documents/add', {
      organizationId: 'org-docs-add',
      documents: [{ documentId: 'doc-add', documentName: 'Your Document Name' }],
    });
    expectDocumented(res, envelope('Document(s) added successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/documents/get: Get Documents', async () => {
    await addDocuments(h, 'org-docs-get', ['doc-1', 'doc-2']);
    const res = await h.call('/v2/organizations/documents/get', {
      organizationId: 'org-docs-get',
      pageSize: 20,
      pageToken: await pageTwo(h, 'org-docs-get'),
    });
    // The last page has no next token (D5.5); the first page above carries one.
    expectDocumented(res, withoutKeys(documentsPage, 'result.pageToken'));
  });

  it('POST /v2/organizations/documents/update: Update Documents', async () => {
    await addDocuments(h, 'org-docs-update', ['yourDocumentId']);
    const res = await h.call('/v2/organizations/documents/update', {
      organizationId: 'org-docs-update',
      documents: [{ documentId: 'yourDocumentId', documentName: 'Your Document Name' }],
    });
    expectDocumented(res, envelope('Document(s) updated successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/documents/delete: Delete Documents', async () => {
    await addDocuments(h, 'org-docs-delete', ['doc-1', 'doc-2']);
    const res = await h.call('/v2/organizations/documents/delete', {
      organizationId: 'org-docs-delete',
      documentIds: ['doc-1', 'doc-2'],
    });
    expectDocumented(res, envelope('Document(s) deleted successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/documents/move: Move Documents', async () => {
    await addFolders(h, 'org-docs-move', ['targetFolderId']);
    await addDocuments(h, 'org-docs-move', ['yourDocumentId1', 'yourDocumentId2']);
    const res = await h.call('/v2/organizations/documents/move', {
      organizationId: 'org-docs-move',
      documentIds: ['yourDocumentId1', 'yourDocumentId2'],
      folderId: 'targetFolderId',
    });
    // The page shows no data; ours also answers each document's result (D5.3).
    expectDocumented(res, envelope('Documents moved successfully.'));
  });

  it('POST /v2/organizations/documents/access/update: Update Access for Documents', async () => {
    await addDocuments(h, 'org-docs-access', ['yourDocumentId1', 'yourDocumentId2']);
    const res = await h.call('/v2/organizations/documents/access/update', {
      organizationId: 'org-docs-access',
      // The page's example puts both ids in one string, surely a typo: the ids, one each.
      documentIds: ['yourDocumentId1', 'yourDocumentId2'],
      accessType: 'organizationPrivate',
    });
    expectDocumented(
      res,
      envelope(
        'Updated access for documents successfully.',
        byId({ success: true, accessType: 'organizationPrivate', message: 'text' }),
      ),
    );
  });

  it('POST /v2/organizations/documents/access/disablestate/update: Update Disabled State for Documents', async () => {
    await addDocuments(h, 'org-docs-disable', ['yourDocumentId']);
    const res = await h.call('/v2/organizations/documents/access/disablestate/update', {
      organizationId: 'org-docs-disable',
      documentIds: ['yourDocumentId'],
      disabled: true,
    });
    expectDocumented(
      res,
      envelope(
        'Updated disable state for documents successfully.',
        byId({ success: true, disabled: true, message: 'text' }),
      ),
    );
  });

  it('openapi: POST /organizations/documents/add (into a folder, both created)', async () => {
    const res = await h.call('/v2/organizations/documents/add', {
      organizationId: 'org-openapi-docs',
      createOrganization: true,
      folderId: 'openapi-folder',
      createFolder: true,
      documents: [
        { documentId: 'openapi-doc', documentName: 'Your Document Name', accessType: 'public' },
      ],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });

  it('openapi: POST /organizations/documents/get (by ids)', async () => {
    await addDocuments(h, 'org-openapi-docs-get', ['doc-1', 'doc-2']);
    const res = await h.call('/v2/organizations/documents/get', {
      organizationId: 'org-openapi-docs-get',
      documentIds: ['doc-1', 'doc-2'],
      pageSize: 1000,
    });
    // The schema reuses the request's Document (documentId); the page's example answers
    // `id`, which is what callers read. The last page has no next token (D5.5).
    expectDocumented(
      res,
      envelope('Document(s) retrieved successfully.', [
        { id: 'id', documentName: 'name', accessType: 'public', disabled: false },
      ]),
    );
  });

  it('openapi: POST /organizations/documents/update', async () => {
    await addDocuments(h, 'org-openapi-docs-update', ['yourDocumentId']);
    const res = await h.call('/v2/organizations/documents/update', {
      organizationId: 'org-openapi-docs-update',
      documents: [
        {
          documentId: 'yourDocumentId',
          documentName: 'Your Document Name',
          accessType: 'public',
          disabled: false,
        },
      ],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });

  it('openapi: POST /organizations/documents/delete', async () => {
    await addDocuments(h, 'org-openapi-docs-delete', ['doc-1']);
    const res = await h.call('/v2/organizations/documents/delete', {
      organizationId: 'org-openapi-docs-delete',
      documentIds: ['doc-1'],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });
});
