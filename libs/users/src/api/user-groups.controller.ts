import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, BATCH_RESULT, CONFLICT, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddGroupMembersCommand } from '../application/add-group-members/add-group-members.command';
import { AddUserGroupsCommand } from '../application/add-user-groups/add-user-groups.command';
import { RemoveGroupMembersCommand } from '../application/remove-group-members/remove-group-members.command';
import { MEMBERSHIP_RESULT } from './dto/user-groups.response';
import {
  AddGroupMembersRequest,
  AddUserGroupsRequest,
  RemoveGroupMembersRequest,
} from './dto/user-groups.request';

const GROUP_MISSING = 'the group (or its organization) does not exist: every item fails not-found';

/** Organization user groups and their members (hosted "User Groups" calls). */
@ApiTags('user groups')
@Controller()
export class UserGroupsController {
  constructor(private readonly commands: CommandBus) {}

  @Rpc('v2/organizations/usergroups/add', {
    message: 'Organization User Groups added successfully.',
    summary: 'Add user groups to an organization',
    data: AddUserGroupsRequest,
    response: BATCH_RESULT,
    errors: {
      ...CONFLICT,
      NOT_FOUND: 'the organization does not exist and createOrganization is not set',
    },
  })
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddUserGroupsRequest) {
    return this.commands.execute(
      new AddUserGroupsCommand({
        tenant,
        organizationId: data.organizationId,
        groups: data.organizationUserGroups,
        createOrganization: data.createOrganization === true,
      }),
    );
  }

  @Rpc('v2/organizations/usergroups/users/add', {
    message: 'Added organization users to group successfully.',
    summary: `Add users to a user group (${GROUP_MISSING})`,
    data: AddGroupMembersRequest,
    response: MEMBERSHIP_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  addMembers(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddGroupMembersRequest) {
    const { organizationId, organizationUserGroupId: groupId, userIds } = data;
    return this.commands.execute(
      new AddGroupMembersCommand({ target: { tenant, organizationId, groupId, userIds } }),
    );
  }

  @Rpc('v2/organizations/usergroups/users/delete', {
    message: 'Deleted users from group successfully.',
    summary: `Remove users, or with deleteAll every member (at most 1000), from a user group (${GROUP_MISSING})`,
    data: RemoveGroupMembersRequest,
    response: MEMBERSHIP_RESULT,
    errors: {
      ...CONFLICT,
      NOT_FOUND: 'deleteAll of a group that does not exist',
      FAILED_PRECONDITION: 'deleteAll of a group of more than 1000 members',
    },
  })
  @ApiKeyAuth()
  removeMembers(@Tenant() tenant: ApiKeyTenant, @RequestData() data: RemoveGroupMembersRequest) {
    const { organizationId, organizationUserGroupId: groupId, deleteAll } = data;
    if (deleteAll === true && data.userIds !== undefined) {
      throw ServiceError.invalidField('data.userIds', 'give userIds or deleteAll: true, not both');
    }
    return this.commands.execute(
      new RemoveGroupMembersCommand({
        target: { tenant, organizationId, groupId, userIds: data.userIds ?? [] },
        deleteAll: deleteAll === true,
      }),
    );
  }
}
