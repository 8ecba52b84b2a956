import { Command } from '@nestjs/cqrs';
import type { RecordTarget } from '../common/record-target';

/** Operation 21: users leave a document. */
export class DeletePresenceCommand extends Command<{ success: boolean }> {
  constructor(
    readonly target: RecordTarget,
    readonly userIds: string[],
  ) {
    super();
  }
}
