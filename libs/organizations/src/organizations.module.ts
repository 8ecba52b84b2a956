import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OrganizationsController } from './api/organizations.controller';
import { AddFoldersHandler } from './application/add-folders/add-folders.handler';
import { AddOrganizationsHandler } from './application/add-organizations/add-organizations.handler';
import { DeleteFolderHandler } from './application/delete-folder/delete-folder.handler';
import { DeleteOrganizationsHandler } from './application/delete-organizations/delete-organizations.handler';
import { GetOrganizationDeletionStatusHandler } from './application/get-deletion-status/get-deletion-status.handler';
import { UpdateDisableStateHandler } from './application/update-disable-state/update-disable-state.handler';
import { UpdateFolderAccessHandler } from './application/update-folder-access/update-folder-access.handler';
import { GetFoldersHandler } from './application/get-folders/get-folders.handler';
import { GetOrganizationsHandler } from './application/get-organizations/get-organizations.handler';
import { FolderBatch } from './application/common/folder-batch';
import { OrganizationScope } from './application/common/organization-scope';
import { UpdateFoldersHandler } from './application/update-folders/update-folders.handler';
import { UpdateOrganizationsHandler } from './application/update-organizations/update-organizations.handler';
import { FolderProjection } from './read-models/folder.projection';
import { OrganizationProjection } from './read-models/organization.projection';
import { Migrations } from '@app/platform';
import { Organizations1763856000003 } from './migrations/1763856000003-organizations';
import { FolderAccessType1764300000031 } from './migrations/1764300000031-folder-access-type';

@Migrations(Organizations1763856000003, FolderAccessType1764300000031)
@Module({
  imports: [CqrsModule],
  controllers: [OrganizationsController],
  providers: [
    OrganizationProjection,
    FolderProjection,
    OrganizationScope,
    FolderBatch,
    AddOrganizationsHandler,
    UpdateOrganizationsHandler,
    GetOrganizationsHandler,
    AddFoldersHandler,
    UpdateFoldersHandler,
    GetFoldersHandler,
    DeleteOrganizationsHandler,
    GetOrganizationDeletionStatusHandler,
    UpdateDisableStateHandler,
    DeleteFolderHandler,
    UpdateFolderAccessHandler,
  ],
  exports: [OrganizationScope],
})
export class OrganizationsModule {}
