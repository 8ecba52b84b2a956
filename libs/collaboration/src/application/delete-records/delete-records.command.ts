import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../shared/record-target';

/** Deletes records of one kind by id; a missing one fails its item (D5.3). */
export class DeleteRecordsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly recordIds: string[],
    readonly messages: { deleted: string; missing: string },
  ) {
    super();
  }
}
