import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, StreamBatchRunner, type BatchResult } from '@app/event-store';
import { membershipBatch, withGroupId } from '../common/membership-batch';
import { AddGroupMembersCommand } from './add-group-members.command';

@CommandHandler(AddGroupMembersCommand)
export class AddGroupMembersHandler implements ICommandHandler<AddGroupMembersCommand> {
  constructor(
    private readonly batches: StreamBatchRunner,
    private readonly store: EventStore,
  ) {}

  async execute({ target }: AddGroupMembersCommand): Promise<BatchResult> {
    const at = Date.now();
    const result = await this.batches.run(
      membershipBatch(this.store, target, (memberships, group) => memberships.join(group, at)),
    );
    return withGroupId(result, target.groupId);
  }
}
