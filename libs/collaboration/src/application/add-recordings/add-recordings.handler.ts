import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { randomId } from '@app/platform';
import { RecordingRecord } from '../../domain/simple-kinds.aggregate';
import { RecordBatch } from '../common/record-batch';
import { AddRecordingsCommand } from './add-recordings.command';

@CommandHandler(AddRecordingsCommand)
export class AddRecordingsHandler implements ICommandHandler<AddRecordingsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, recordings }: AddRecordingsCommand): Promise<BatchResult> {
    const at = Date.now();
    const items = recordings.map(({ recordingId, ...input }) => ({
      id: recordingId ?? randomId(),
      input,
    }));
    return this.batch.run(
      target,
      items,
      (item) => item.id,
      (ref) => new RecordingRecord(ref),
      (recording, { input }) => {
        recording.add(input, at);
        return 'Added Successfully';
      },
    );
  }
}
