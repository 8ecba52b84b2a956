import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { RecordBatch } from '../shared/record-batch';
import { AddRecordsCommand } from './add-records.command';

@CommandHandler(AddRecordsCommand)
export class AddRecordsHandler implements ICommandHandler<AddRecordsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, records, action, messages }: AddRecordsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      target,
      records,
      (r) => r.recordId,
      (aggregate, r) => {
        aggregate.create(action, r.record, at, messages.exists, r.subIds);
        return messages.added;
      },
    );
  }
}
