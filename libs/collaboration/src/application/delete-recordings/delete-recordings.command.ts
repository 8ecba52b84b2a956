import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../common/record-target';

/** Deletes recordings by id; a missing one fails its item (D5.3). */
export class DeleteRecordingsCommand extends CommandOf<
  { target: RecordTarget; recordingIds: string[] },
  BatchResult
>() {}
