import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { RecordBatch } from '../shared/record-batch';
import { ChangeRecordsCommand } from './change-records.command';

@CommandHandler(ChangeRecordsCommand)
export class ChangeRecordsHandler implements ICommandHandler<ChangeRecordsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({
    target,
    recordIds,
    action,
    change,
    messages,
  }: ChangeRecordsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      target,
      recordIds,
      (id) => id,
      (aggregate) => {
        aggregate.change(action, (current) => change(current, at), at, messages.missing);
        return messages.changed;
      },
    );
  }
}
