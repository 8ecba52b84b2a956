import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { RecordingRecord } from '../../domain/simple-kinds.aggregate';
import { RecordBatch } from '../common/record-batch';
import { DeleteRecordingsCommand } from './delete-recordings.command';
import { removalIn } from '../common/record-target';

@CommandHandler(DeleteRecordingsCommand)
export class DeleteRecordingsHandler implements ICommandHandler<DeleteRecordingsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, recordingIds }: DeleteRecordingsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      removalIn(target),
      recordingIds,
      (id) => id,
      (ref) => new RecordingRecord(ref),
      (recording) => {
        recording.delete(at);
        return 'Deleted Successfully';
      },
    );
  }
}
