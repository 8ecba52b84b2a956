import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import { userBatch } from '../common/user-batch';
import { UpdateUsersCommand } from './update-users.command';

@CommandHandler(UpdateUsersCommand)
export class UpdateUsersHandler implements ICommandHandler<UpdateUsersCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({ tenant, target, users }: UpdateUsersCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batches.run(
      userBatch(tenant, target, users, (record, { userId: _, ...fields }) =>
        record.update(fields, at),
      ),
    );
  }
}
