import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ItemRefused, type BatchResult } from '@app/event-store';
import { RecordBatch } from '../shared/record-batch';
import { DeleteRecordsCommand } from './delete-records.command';

@CommandHandler(DeleteRecordsCommand)
export class DeleteRecordsHandler implements ICommandHandler<DeleteRecordsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, recordIds, messages }: DeleteRecordsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      target,
      recordIds,
      (id) => id,
      (aggregate) => {
        if (!aggregate.delete('request', at)) throw new ItemRefused(messages.missing);
        return messages.deleted;
      },
    );
  }
}
