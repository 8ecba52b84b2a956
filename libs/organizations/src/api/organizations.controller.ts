import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiTags,
  BATCH_RESULT,
  CONFLICT,
  json,
  NULL_DATA,
  RequestData,
  Rpc,
  type RpcOptions,
} from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddFoldersCommand } from '../application/add-folders/add-folders.command';
import { AddOrganizationsCommand } from '../application/add-organizations/add-organizations.command';
import { DeleteFolderCommand } from '../application/delete-folder/delete-folder.command';
import { DeleteOrganizationsCommand } from '../application/delete-organizations/delete-organizations.command';
import { GetOrganizationDeletionStatusQuery } from '../application/get-deletion-status/get-deletion-status.query';
import { UpdateDisableStateCommand } from '../application/update-disable-state/update-disable-state.command';
import { UpdateFolderAccessCommand } from '../application/update-folder-access/update-folder-access.command';
import { GetFoldersQuery } from '../application/get-folders/get-folders.query';
import { GetOrganizationsQuery } from '../application/get-organizations/get-organizations.query';
import { UpdateFoldersCommand } from '../application/update-folders/update-folders.command';
import { UpdateOrganizationsCommand } from '../application/update-organizations/update-organizations.command';
import { AddFoldersRequest, UpdateFoldersRequest } from './dto/folders.request';
import { GetFoldersRequest } from './dto/get-folders.request';
import { GetOrganizationsRequest } from './dto/get-organizations.request';
import {
  DeleteFolderRequest,
  DeleteOrganizationsRequest,
  OrganizationDeletionStatusRequest,
  OrganizationDisableStateRequest,
  UpdateFolderAccessRequest,
} from './dto/organization-lifecycle.request';
import { OrganizationsRequest } from './dto/organizations.request';
import {
  FOLDER_ACCESS_RESULT,
  FOLDER_VIEW,
  ORGANIZATION_DELETION_RESULT,
  ORGANIZATION_DELETION_STATUS,
  ORGANIZATION_VIEW,
} from './dto/organizations.response';

const ADD_ORGANIZATIONS: RpcOptions = {
  message: 'Organization(s) added successfully.',
  summary:
    'Add organizations (1 to 1000; other fields kept as metadata); one that exists takes the name and metadata given',
  data: OrganizationsRequest,
  response: BATCH_RESULT,
  errors: CONFLICT,
};

const UPDATE_FOLDERS: RpcOptions = {
  message: 'Folder Updated successfully.',
  summary: 'Rename folders and move them, with their subtrees',
  data: UpdateFoldersRequest,
  response: BATCH_RESULT,
  errors: { ...CONFLICT, NOT_FOUND: 'the organization does not exist' },
};

/**
 * Organization and folder operations: spec 6–9, folders add/get (D6.3), and the hosted
 * lifecycle calls: delete, disable state, folder delete and access (D6.9). Operations 6 and
 * 9 are also served at the hosted service's `/v2` paths (D6.8).
 */
@ApiTags('organizations')
@Controller()
export class OrganizationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 6. */
  @Rpc('v1/organizations/add', ADD_ORGANIZATIONS)
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: OrganizationsRequest) {
    return this.commands.execute(
      new AddOrganizationsCommand({ tenant, organizations: data.organizations }),
    );
  }

  /** Operation 6 at the hosted path (D6.8), the same in every way. */
  @Rpc('v2/organizations/add', ADD_ORGANIZATIONS)
  @ApiKeyAuth()
  addAtHostedPath(@Tenant() tenant: ApiKeyTenant, @RequestData() data: OrganizationsRequest) {
    return this.add(tenant, data);
  }

  /** Operation 7. */
  @Rpc('v2/organizations/update', {
    message: 'Organization(s) updated successfully.',
    summary: 'Update organizations: name, disabled, metadata merged',
    data: OrganizationsRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: OrganizationsRequest) {
    return this.commands.execute(
      new UpdateOrganizationsCommand({ tenant, organizations: data.organizations }),
    );
  }

  /** Operation 8. */
  @Rpc('v2/organizations/get', {
    message: 'Organization(s) retrieved successfully.',
    summary: 'Read organizations in id order, a page at a time',
    data: GetOrganizationsRequest,
    response: json.arrayOf(ORGANIZATION_VIEW),
    pageToken: 'nextPageToken',
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetOrganizationsRequest) {
    return this.queries.execute(
      new GetOrganizationsQuery({
        tenant,
        organizationIds: data.organizationIds,
        pageSize: data.pageSize,
        pageToken: data.pageToken,
      }),
    );
  }

  /** Operation 9. */
  @Rpc('v1/organizations/folders/update', UPDATE_FOLDERS)
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  updateFolders(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateFoldersRequest) {
    return this.commands.execute(
      new UpdateFoldersCommand({
        tenant,
        organizationId: data.organizationId,
        folders: data.folders,
      }),
    );
  }

  /** Operation 9 at the hosted path (D6.8), the same in every way. */
  @Rpc('v2/organizations/folders/update', UPDATE_FOLDERS)
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  updateFoldersAtHostedPath(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateFoldersRequest,
  ) {
    return this.updateFolders(tenant, data);
  }

  @Rpc('v2/organizations/folders/add', {
    message: 'Folder created successfully.',
    summary: 'Add folders to an organization (making the organization when asked)',
    data: AddFoldersRequest,
    response: BATCH_RESULT,
    errors: {
      ...CONFLICT,
      NOT_FOUND: 'the organization does not exist and createOrganization is not set',
    },
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  addFolders(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddFoldersRequest) {
    return this.commands.execute(
      new AddFoldersCommand({
        tenant,
        organizationId: data.organizationId,
        createOrganization: data.createOrganization ?? false,
        folders: data.folders,
      }),
    );
  }

  @Rpc('v2/organizations/folders/get', {
    message: 'Folder(s) retrieved successfully.',
    summary: "Read an organization's folders, or one folder with its subfolders to maxDepth",
    data: GetFoldersRequest,
    response: json.arrayOf(FOLDER_VIEW),
    errors: { NOT_FOUND: 'the folder asked for does not exist' },
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  getFolders(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetFoldersRequest) {
    return this.queries.execute(
      new GetFoldersQuery({
        tenant,
        organizationId: data.organizationId,
        folderId: data.folderId,
        maxDepth: data.maxDepth,
      }),
    );
  }

  /** Hosted `organizations/delete` (D6.9). */
  @Rpc('v2/organizations/delete', {
    message: 'Organization(s) deleted successfully.',
    summary:
      'Delete organizations and everything in them (folders, documents and their data, users, notifications, activities); the data goes in the background',
    data: DeleteOrganizationsRequest,
    response: ORGANIZATION_DELETION_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteOrganizationsRequest) {
    return this.commands.execute(
      new DeleteOrganizationsCommand({ tenant, organizationIds: data.organizationIds }),
    );
  }

  @Rpc('v2/organizations/delete/status/get', {
    message: 'Organization deletion status retrieved successfully.',
    summary: 'How far an organization deletion is: completed once all of its data is gone',
    data: OrganizationDeletionStatusRequest,
    response: ORGANIZATION_DELETION_STATUS,
    errors: { NOT_FOUND: 'no such deletion of this organization' },
  })
  @ApiKeyAuth()
  deletionStatus(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: OrganizationDeletionStatusRequest,
  ) {
    return this.queries.execute(
      new GetOrganizationDeletionStatusQuery(tenant, data.organizationId, data.deletionId),
    );
  }

  /** Hosted: a missing organization is made with the state given. */
  @Rpc('v2/organizations/access/disablestate/update', {
    message: 'Updated disable state for Organization(s) successfully.',
    summary: "Set organizations' disabled state (a missing one is made)",
    data: OrganizationDisableStateRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  updateDisableState(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: OrganizationDisableStateRequest,
  ) {
    return this.commands.execute(
      new UpdateDisableStateCommand({
        tenant,
        organizationIds: data.organizationIds,
        disabled: data.disabled,
      }),
    );
  }

  @Rpc('v2/organizations/folders/delete', {
    message: 'Folder deletion initiated successfully.',
    summary:
      "Delete a folder and its subfolders at once; their documents and the documents' data follow in the background",
    data: DeleteFolderRequest,
    response: NULL_DATA,
    errors: { ...CONFLICT, NOT_FOUND: 'the organization or the folder does not exist' },
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  deleteFolder(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteFolderRequest) {
    return this.commands.execute(
      new DeleteFolderCommand({
        tenant,
        organizationId: data.organizationId,
        folderId: data.folderId,
      }),
    );
  }

  @Rpc('v2/organizations/folders/access/update', {
    message: 'Updated access for folders successfully.',
    summary: "Set folders' access type, or make them inherit their parent's",
    data: UpdateFolderAccessRequest,
    response: FOLDER_ACCESS_RESULT,
    errors: { ...CONFLICT, NOT_FOUND: 'the organization does not exist' },
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  updateFolderAccess(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateFolderAccessRequest,
  ) {
    const accessType = data.inheritFromParent === true ? null : (data.accessType ?? 'public');
    return this.commands.execute(
      new UpdateFolderAccessCommand({
        tenant,
        organizationId: data.organizationId,
        folderIds: data.folderIds,
        accessType,
      }),
    );
  }
}
