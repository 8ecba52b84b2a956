import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../shared/record-target';

/** The same change applied to several records of one kind (annotation updates); a missing one fails its item. */
export class ChangeRecordsCommand<S = any> extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly recordIds: string[],
    readonly action: string,
    readonly change: (current: S, at: number) => S,
    readonly messages: { changed: string; missing: string },
  ) {
    super();
  }
}
