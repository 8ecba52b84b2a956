import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { UsersController } from './api/users.controller';
import { UserGroupsController } from './api/user-groups.controller';
import { AddUserGroupsHandler } from './application/add-user-groups/add-user-groups.handler';
import { AddGroupMembersHandler } from './application/add-group-members/add-group-members.handler';
import { RemoveGroupMembersHandler } from './application/remove-group-members/remove-group-members.handler';
import { RemoveUsersHandler } from './application/remove-users/remove-users.handler';
import { UserGroupsOfDeletedOrganizationSubscriber } from './application/organization-deleted/user-groups-of-deleted-organization.subscriber';
import { UserGroupProjection } from './read-models/user-group.projection';
import { UserGroups1764400000300 } from './migrations/1764400000300-user-groups';
import { AddUsersHandler } from './application/add-users/add-users.handler';
import { GetUsersHandler } from './application/get-users/get-users.handler';
import { UpdateUsersHandler } from './application/update-users/update-users.handler';
import { KnownAuthorsSubscriber } from './application/known-authors/known-authors.subscriber';
import { UserRecordEraser } from './erasure/user-record-eraser';
import { UserProfileExporter } from './export/user-profile.exporter';
import { UserProjection } from './read-models/user.projection';
import { UsersOfDeletedOrganizationSubscriber } from './application/organization-deleted/users-of-deleted-organization.subscriber';
import { Migrations } from '@app/platform';
import { Users1763856000005 } from './migrations/1763856000005-users';
import { UsersByUserIndex1764300000071 } from './migrations/1764300000071-users-by-user-index';

@Migrations(Users1763856000005, UsersByUserIndex1764300000071, UserGroups1764400000300)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule],
  controllers: [UsersController, UserGroupsController],
  providers: [
    UserProjection,
    AddUsersHandler,
    UpdateUsersHandler,
    GetUsersHandler,
    UserRecordEraser,
    UserProfileExporter,
    KnownAuthorsSubscriber,
    UserGroupProjection,
    AddUserGroupsHandler,
    AddGroupMembersHandler,
    RemoveGroupMembersHandler,
    RemoveUsersHandler,
    UserGroupsOfDeletedOrganizationSubscriber,
    UsersOfDeletedOrganizationSubscriber,
  ],
})
export class UsersModule {}
