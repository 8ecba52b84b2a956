import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../common/record-target';

/**
 * A user read annotations of a document, or marks them unread again (the SDK's
 * `markAsRead` / `markAsUnread`, D10): one item per annotation id.
 */
export class MarkAnnotationsReadCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly userId: string,
    readonly annotationIds: string[],
    readonly read: boolean,
  ) {
    super();
  }
}
