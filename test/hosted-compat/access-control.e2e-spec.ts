import {
  addDocuments,
  addOrganizations,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  setup,
  withoutKeys,
} from './hosted-compat';

const TOKEN = envelope('Token generated successfully.', {
  token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...',
});

/** The page's success answer of permissions/get, keyed by user id, then resource ids. */
const PERMISSIONS_DATA = {
  '1.1': {
    folders: { folder2: { accessRole: 'editor', accessType: 'restricted' } },
    documents: {
      'document1-26-may-2025-folder2': { accessRole: 'viewer', accessType: 'restricted' },
    },
    organization: { org1: { accessRole: 'editor' } },
  },
};
const PERMISSIONS = envelope('User permissions retrieved successfully.', PERMISSIONS_DATA);

/** The same answer with its ids as maps of any key (the case's own ids). */
const permissionsByIds = (withFolders: boolean) => {
  const user = PERMISSIONS_DATA['1.1'];
  const shape = {
    ...(withFolders && { folders: byId(user.folders.folder2) }),
    documents: byId(user.documents['document1-26-may-2025-folder2']),
    organization: byId(user.organization.org1),
  };
  return envelope('User permissions retrieved successfully.', byId(shape));
};

/** The generate_token body of the collection, the page and the OpenAPI example. */
const tokenBody = (organizationId: string, documentId: string) => ({
  userId: 'user123',
  userProperties: { isAdmin: false, name: 'John Doe', email: 'john@example.com' },
  permissions: {
    resources: [
      { type: 'organization', id: organizationId, accessRole: 'viewer' },
      {
        type: 'document',
        id: documentId,
        organizationId,
        accessRole: 'editor',
        expiresAt: 1640995200,
      },
    ],
  },
});

// The collection's "Access Control" folder, the OpenAPI operations of the same calls, then
// the calls the pages document beside them (generate_signature, permission provider config).
describe('hosted compat: access control', () => {
  const h = hostedApp();

  it('POST /v2/auth/generate_token: Generate Token', async () => {
    // The collection sends this body unwrapped; the page says it belongs in `data` (an
    // unwrapped body is INVALID_ARGUMENT there and here): this is the body as the page sends it.
    const res = await h.call('/v2/auth/generate_token', tokenBody('org_123', 'doc_456'));
    expectDocumented(res, TOKEN);
  });

  it('POST /v2/auth/permissions/add: Add Permissions', async () => {
    await addOrganizations(h, 'org-permissions-add');
    const res = await h.call('/v2/auth/permissions/add', {
      user: { userId: 'some-user-id' },
      permissions: {
        resources: [{ type: 'organization', id: 'org-permissions-add', accessRole: 'editor' }],
      },
    });
    expectDocumented(res, envelope('Permissions added successfully.'));
  });

  it('POST /v2/auth/permissions/get: Get Permissions', async () => {
    await setup(h, '/v2/organizations/documents/add', {
      organizationId: 'org-permissions-get',
      createOrganization: true,
      documents: [{ documentId: 'yourDocumentId', accessType: 'restricted' }],
    });
    await setup(h, '/v2/auth/permissions/add', {
      user: { userId: 'yourUserId' },
      permissions: {
        resources: [
          { type: 'organization', id: 'org-permissions-get' },
          {
            type: 'document',
            id: 'yourDocumentId',
            organizationId: 'org-permissions-get',
            accessRole: 'viewer',
          },
        ],
      },
    });
    const res = await h.call('/v2/auth/permissions/get', {
      organizationId: 'org-permissions-get',
      documentIds: ['yourDocumentId'],
      userIds: ['yourUserId'],
    });
    // The published request names no folders: the answer has none (the page's has one).
    expectDocumented(res, permissionsByIds(false));
  });

  it('POST /v2/auth/permissions/remove: Remove Permissions', async () => {
    await addDocuments(h, 'ORGANIZATION_ID', ['DOCUMENT_ID']);
    await setup(h, '/v2/auth/permissions/add', {
      user: { userId: 'USER_ID' },
      permissions: {
        resources: [
          { type: 'organization', id: 'ORGANIZATION_ID' },
          { type: 'document', id: 'DOCUMENT_ID', organizationId: 'ORGANIZATION_ID' },
        ],
      },
    });
    const res = await h.call('/v2/auth/permissions/remove', {
      userId: 'USER_ID',
      permissions: {
        resources: [
          { type: 'organization', id: 'ORGANIZATION_ID' },
          { type: 'document', id: 'DOCUMENT_ID', organizationId: 'ORGANIZATION_ID' },
        ],
      },
    });
    expectDocumented(res, envelope('Permissions removed successfully.'));
  });

  it('openapi: POST /auth/generate_token', async () => {
    // The OpenAPI example is unwrapped too (see the collection's case): sent in `data`.
    const res = await h.call('/v2/auth/generate_token', tokenBody('org_123', 'doc_456'));
    expectDocumented(res, TOKEN);
  });

  it('openapi: POST /auth/permissions/add', async () => {
    await addOrganizations(h, 'org-openapi-permissions');
    const res = await h.call('/v2/auth/permissions/add', {
      user: { userId: 'some-user-id' },
      permissions: {
        resources: [
          { type: 'organization', id: 'org-openapi-permissions', accessRole: 'viewer' },
          {
            type: 'folder',
            id: 'folder_001',
            organizationId: 'org-openapi-permissions',
            accessRole: 'editor',
          },
        ],
      },
    });
    expectDocumented(res, envelope('Permissions added successfully.'));
  });

  it('page: POST /v2/auth/permissions/get with folders (the success example)', async () => {
    await setup(h, '/v2/organizations/folders/add', {
      organizationId: 'org1',
      createOrganization: true,
      folders: [{ folderId: 'folder2', folderName: 'Folder 2', accessType: 'restricted' }],
    });
    await setup(h, '/v2/organizations/documents/add', {
      organizationId: 'org1',
      folderId: 'folder2',
      documents: [{ documentId: 'document1-26-may-2025-folder2', accessType: 'restricted' }],
    });
    await setup(h, '/v2/auth/permissions/add', {
      user: { userId: '1.1' },
      permissions: {
        resources: [
          { type: 'organization', id: 'org1' },
          { type: 'folder', id: 'folder2', organizationId: 'org1' },
          {
            type: 'document',
            id: 'document1-26-may-2025-folder2',
            organizationId: 'org1',
            accessRole: 'viewer',
          },
        ],
      },
    });
    const res = await h.call('/v2/auth/permissions/get', {
      organizationId: 'org1',
      folderIds: ['folder2'],
      documentIds: ['document1-26-may-2025-folder2'],
      userIds: ['1.1'],
    });
    expectDocumented(res, PERMISSIONS);
    expect(res.body.result.data).toEqual(PERMISSIONS_DATA);
  });

  it('page: POST /v2/auth/generate_signature (examples 1 to 5)', async () => {
    const examples = [
      [
        {
          userId: 'user123',
          resourceId: 'document456',
          type: 'document',
          hasAccess: true,
          accessRole: 'viewer',
          expiresAt: 1759745729823,
        },
      ],
      [
        { userId: 'user123', resourceId: 'org789', type: 'organization', hasAccess: true },
        { userId: 'user123', resourceId: 'folder101', type: 'folder', hasAccess: true },
      ],
      [{ userId: 'user456', resourceId: 'document789', type: 'document', hasAccess: false }],
      [
        {
          userId: 'user789',
          resourceId: 'document123',
          type: 'document',
          hasAccess: true,
          accessRole: 'editor',
        },
      ],
      [
        {
          userId: 'user456',
          resourceId: 'document123',
          type: 'document',
          hasAccess: true,
          accessRole: 'viewer',
        },
      ],
    ];
    for (const permissions of examples) {
      const res = await h.call('/v2/auth/generate_signature', { permissions });
      expectDocumented(
        res,
        envelope('Signature generated successfully.', { signature: 'a1b2c3d4e5f6...' }),
      );
    }
  });

  it('page: POST /v2/workspace/permissionproviderconfig/get', async () => {
    const res = await h.call('/v2/workspace/permissionproviderconfig/get', {});
    expectDocumented(
      res,
      envelope('Permission provider configuration retrieved successfully.', {
        usePermissionProvider: false,
        permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
      }),
    );
  });

  it('page: POST /v2/workspace/permissionproviderconfig/update', async () => {
    const res = await h.call('/v2/workspace/permissionproviderconfig/update', {
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://example.com/permissions',
        authToken: 'provider_auth_token_here',
      },
    });
    // The page shows no data here; its note says the config is answered in `data`.
    expectDocumented(
      res,
      withoutKeys(
        envelope('Permission provider configuration updated successfully.', {}),
        'result.data',
      ),
    );
    expect(res.body.result.data).toEqual({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://example.com/permissions',
        authToken: '...here',
      },
    });
  });
});
