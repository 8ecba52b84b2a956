import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../common/record-target';

/** Deletes element reactions by id; a missing one fails its item (D5.3). */
export class DeleteReactionsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly reactionIds: string[],
  ) {
    super();
  }
}
