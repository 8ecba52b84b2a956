import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { OrganizationScope } from '@app/organizations';
import { metadataOf } from '@app/workspaces';
import {
  UserGroup,
  USER_GROUP_STREAM_TYPE,
  userGroupStream,
} from '../../domain/user-group.aggregate';
import { AddUserGroupsCommand, type UserGroupItem } from './add-user-groups.command';

@CommandHandler(AddUserGroupsCommand)
export class AddUserGroupsHandler implements ICommandHandler<AddUserGroupsCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly organizations: OrganizationScope,
  ) {}

  execute({
    tenant,
    organizationId,
    groups,
    createOrganization,
  }: AddUserGroupsCommand): Promise<BatchResult> {
    const at = Date.now();
    const { apiKey } = tenant;
    const refOf = (groupId: string) => ({ apiKey, organizationId, groupId });
    return this.batches.run({
      items: groups,
      idOf: (group: UserGroupItem) => group.groupId,
      streamOf: (groupId) => ({
        streamId: userGroupStream(refOf(groupId)),
        streamType: USER_GROUP_STREAM_TYPE,
      }),
      create: (groupId) => new UserGroup(refOf(groupId)),
      decide: (group, { groupName, metadata }) => group.add({ groupName, metadata }, at),
      metadata: metadataOf(tenant),
      // The organization is found, or made by its own library in the groups' transaction.
      prepare: async (manager) =>
        (await this.organizations.open(manager, { apiKey, organizationId, createOrganization, at }))
          .toSave,
    });
  }
}
