import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { BATCH_RESULT, CONFLICT, json, RequestData, Rpc, type RpcOptions } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddFoldersCommand } from '../application/add-folders/add-folders.command';
import { AddOrganizationsCommand } from '../application/add-organizations/add-organizations.command';
import { GetFoldersQuery } from '../application/get-folders/get-folders.query';
import { GetOrganizationsQuery } from '../application/get-organizations/get-organizations.query';
import { UpdateFoldersCommand } from '../application/update-folders/update-folders.command';
import { UpdateOrganizationsCommand } from '../application/update-organizations/update-organizations.command';
import { AddFoldersRequest, UpdateFoldersRequest } from './dto/folders.request';
import { GetFoldersRequest } from './dto/get-folders.request';
import { GetOrganizationsRequest } from './dto/get-organizations.request';
import { OrganizationsRequest } from './dto/organizations.request';
import { FOLDER_VIEW, ORGANIZATION_VIEW } from './dto/organizations.response';

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
 * Organization and folder operations: spec 6–9 and folders add/get (D6.3). Operations 6 and
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
    return this.commands.execute(new AddOrganizationsCommand(tenant, data.organizations));
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
    return this.commands.execute(new UpdateOrganizationsCommand(tenant, data.organizations));
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
      new GetOrganizationsQuery(tenant, data.organizationIds, data.pageSize, data.pageToken),
    );
  }

  /** Operation 9. */
  @Rpc('v1/organizations/folders/update', UPDATE_FOLDERS)
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  updateFolders(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateFoldersRequest) {
    return this.commands.execute(
      new UpdateFoldersCommand(tenant, data.organizationId, data.folders),
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
      new AddFoldersCommand(
        tenant,
        data.organizationId,
        data.createOrganization ?? false,
        data.folders,
      ),
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
      new GetFoldersQuery(tenant, data.organizationId, data.folderId, data.maxDepth),
    );
  }
}
