import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../common/record-target';

/** Deletes element reactions by id; a missing one fails its item (D5.3). */
export class DeleteReactionsCommand extends CommandOf<
  { target: RecordTarget; reactionIds: string[] },
  BatchResult
>() {}
