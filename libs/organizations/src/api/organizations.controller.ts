import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { RequestData, Rpc } from '@app/platform';
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

/** Organization and folder operations: spec 6–9 and folders add/get (D6.3). */
@ApiTags('organizations')
@Controller()
export class OrganizationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 6. */
  @Rpc('v1/organizations/add', {
    message: 'Organization(s) added successfully.',
    data: OrganizationsRequest,
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: OrganizationsRequest) {
    return this.commands.execute(new AddOrganizationsCommand(tenant, data.organizations));
  }

  /** Operation 7. */
  @Rpc('v2/organizations/update', {
    message: 'Organization(s) updated successfully.',
    data: OrganizationsRequest,
  })
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: OrganizationsRequest) {
    return this.commands.execute(new UpdateOrganizationsCommand(tenant, data.organizations));
  }

  /** Operation 8. */
  @Rpc('v2/organizations/get', {
    message: 'Organization(s) retrieved successfully.',
    data: GetOrganizationsRequest,
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetOrganizationsRequest) {
    return this.queries.execute(
      new GetOrganizationsQuery(tenant, data.organizationIds, data.pageSize, data.pageToken),
    );
  }

  /** Operation 9. */
  @Rpc('v1/organizations/folders/update', {
    message: 'Folder Updated successfully.',
    data: UpdateFoldersRequest,
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  updateFolders(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateFoldersRequest) {
    return this.commands.execute(
      new UpdateFoldersCommand(tenant, data.organizationId, data.folders),
    );
  }

  @Rpc('v2/organizations/folders/add', {
    message: 'Folder created successfully.',
    data: AddFoldersRequest,
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
    data: GetFoldersRequest,
  })
  @ApiKeyAuth({ requires: 'advancedQueriesEnabled' })
  getFolders(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetFoldersRequest) {
    return this.queries.execute(
      new GetFoldersQuery(tenant, data.organizationId, data.folderId, data.maxDepth),
    );
  }
}
