import {
  addFolders,
  batchItem,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
} from './hosted-compat';

/** A folder as the hosted page lists it (all folders of an organization). */
const listedFolder = {
  folderId: 'id',
  folderName: 'name',
  organizationId: 'organization',
  parentFolderId: 'root',
  apiKey: 'key',
  createdAt: 1,
  lastUpdated: 1,
  ancestors: ['root'],
  accessType: 'public',
  inheritAccessFromParent: false,
};

// The collection's "Folders" folder, then the OpenAPI operations of the same calls.
describe('hosted compat: folders', () => {
  const h = hostedApp();

  it('POST /v2/organizations/folders/add: Add Folder', async () => {
    await addFolders(h, 'org-folders', ['parent-add']);
    const res = await h.call('/v2/organizations/folders/add', {
      organizationId: 'org-folders',
      folders: [
        { folderId: 'folder-add', folderName: 'yourFolderName', parentFolderId: 'parent-add' },
      ],
    });
    expectDocumented(res, envelope('Folder created successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/folders/get: Get Folders', async () => {
    await addFolders(h, 'org-folders-get', ['folder-1', 'folder-2']);
    const res = await h.call('/v2/organizations/folders/get', {
      organizationId: 'org-folders-get',
    });
    expectDocumented(res, envelope('Folders retrieved successfully.', [listedFolder]));
  });

  it('POST /v2/organizations/folders/update: Update Folder', async () => {
    await addFolders(h, 'org-folders', ['parent-update', 'folder-update']);
    const res = await h.call('/v2/organizations/folders/update', {
      organizationId: 'org-folders',
      folders: [
        {
          folderId: 'folder-update',
          folderName: 'yourFolderName',
          parentFolderId: 'parent-update',
        },
      ],
    });
    expectDocumented(res, envelope('Folder Updated successfully.', byId(batchItem)));
  });

  it('POST /v2/organizations/folders/delete: Delete Folder', async () => {
    await addFolders(h, 'org10', ['folderId2']);
    const res = await h.call('/v2/organizations/folders/delete', {
      organizationId: 'org10',
      folderId: 'folderId2',
    });
    expectDocumented(res, envelope('Folder deletion initiated successfully.', null));
    // The page's failure: the folder is gone now.
    const again = await h.call('/v2/organizations/folders/delete', {
      organizationId: 'org10',
      folderId: 'folderId2',
    });
    expect({ http: again.status, status: again.body.error.status }).toEqual({
      http: 404,
      status: 'NOT_FOUND',
    });
  });

  it('POST /v2/organizations/folders/access/update: Update Access for Folders', async () => {
    // The page's example sends one id holding a comma; it is taken as given.
    await addFolders(h, 'yourOrganizationId', ['yourFolderId1, yourFolderId2']);
    const res = await h.call('/v2/organizations/folders/access/update', {
      organizationId: 'yourOrganizationId',
      folderIds: ['yourFolderId1, yourFolderId2'],
      accessType: 'organizationPrivate',
    });
    const updated = { success: true, accessType: 'organizationPrivate', message: 'text' };
    expectDocumented(res, envelope('Updated access for folders successfully.', byId(updated)));
    // The page's second example: inherit from the parent again.
    await addFolders(h, 'yourOrganizationId', ['yourFolderId1'], 'yourFolderId1, yourFolderId2');
    const inherit = await h.call('/v2/organizations/folders/access/update', {
      organizationId: 'yourOrganizationId',
      folderIds: ['yourFolderId1'],
      inheritFromParent: true,
    });
    const inherited = { success: true, accessType: null, inheritFromParent: true, message: 'text' };
    expectDocumented(inherit, envelope('Folder access type updated.', byId(inherited)));
    const read = await h.call('/v2/organizations/folders/get', {
      organizationId: 'yourOrganizationId',
      folderId: 'yourFolderId1',
    });
    expect(read.body.result.data[0]).toMatchObject({
      accessType: 'organizationPrivate',
      inheritAccessFromParent: true,
    });
  });

  it('openapi: POST /organizations/folders/add', async () => {
    const res = await h.call('/v2/organizations/folders/add', {
      organizationId: 'org-openapi-folders',
      createOrganization: true,
      folders: [{ folderId: 'openapi-folder', folderName: 'yourFolderName' }],
    });
    expectDocumented(res, envelope('Operation completed successfully', {}));
  });

  it('openapi: POST /organizations/folders/get (one folder and its subfolders)', async () => {
    await addFolders(h, 'org-openapi-folders-get', ['openapi-parent']);
    await addFolders(h, 'org-openapi-folders-get', ['openapi-child'], 'openapi-parent');
    const res = await h.call('/v2/organizations/folders/get', {
      organizationId: 'org-openapi-folders-get',
      folderId: 'openapi-parent',
    });
    const folder = {
      folderId: 'id',
      folderName: 'name',
      parentFolderId: 'parent',
      organizationId: 'organization',
      createdAt: 1,
      lastUpdated: 1,
    };
    expectDocumented(
      res,
      envelope('Folder(s) retrieved successfully.', [{ ...folder, subFolders: [folder] }]),
    );
  });
});
