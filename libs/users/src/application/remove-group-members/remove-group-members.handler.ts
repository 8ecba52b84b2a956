import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, StreamBatchRunner, type BatchResult } from '@app/event-store';
import { MAX_BATCH_ITEMS, ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { UserGroup, USER_GROUP_MESSAGES, userGroupStream } from '../../domain/user-group.aggregate';
import { membershipBatch, withGroupId } from '../common/membership-batch';
import { RemoveGroupMembersCommand } from './remove-group-members.command';

@CommandHandler(RemoveGroupMembersCommand)
export class RemoveGroupMembersHandler implements ICommandHandler<RemoveGroupMembersCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

  async execute({ target, deleteAll }: RemoveGroupMembersCommand): Promise<BatchResult> {
    const at = Date.now();
    const userIds = deleteAll ? await this.members(target) : target.userIds;
    if (deleteAll && userIds.length === 0) await this.mustExist(target);
    const result = await this.batches.run(
      membershipBatch(this.store, { ...target, userIds }, (memberships, group) =>
        memberships.leave(group, at),
      ),
    );
    return withGroupId(result, target.groupId);
  }

  /** deleteAll of a group with no members: a group that does not exist is named, not ignored. */
  private async mustExist({
    tenant,
    organizationId,
    groupId,
  }: RemoveGroupMembersCommand['target']) {
    const ref = { apiKey: tenant.apiKey, organizationId, groupId };
    const group = new UserGroup(ref).load(
      (await this.store.readStream(userGroupStream(ref))) as never,
    );
    if (!group.exists) {
      throw new ServiceError('NOT_FOUND', USER_GROUP_MESSAGES.missing, {
        organizationUserGroupId: groupId,
      });
    }
  }

  /**
   * The group's members as the read table has them; one who leaves meanwhile fails its item
   * (`not-found`), one who joins meanwhile stays.
   */
  private async members({ tenant, organizationId, groupId }: RemoveGroupMembersCommand['target']) {
    const rows: { user_id: string }[] = await this.dataSource.query(
      `SELECT user_id FROM user_group_members
       WHERE api_key = $1 AND organization_id = $2 AND group_id = $3
       ORDER BY user_id LIMIT $4`,
      [tenant.apiKey, organizationId, groupId, MAX_BATCH_ITEMS + 1],
    );
    if (rows.length > MAX_BATCH_ITEMS) {
      throw new ServiceError(
        'FAILED_PRECONDITION',
        `deleteAll acts on at most ${MAX_BATCH_ITEMS} members; give userIds to remove them in parts`,
      );
    }
    return rows.map((r) => r.user_id);
  }
}
