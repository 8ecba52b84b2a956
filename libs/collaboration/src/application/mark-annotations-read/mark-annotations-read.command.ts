import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { RecordTarget } from '../common/record-target';

/**
 * A user read annotations of a document, or marks them unread again (the SDK's
 * `markAsRead` / `markAsUnread`, D10): one item per annotation id.
 */
export class MarkAnnotationsReadCommand extends CommandOf<
  { target: RecordTarget; userId: string; annotationIds: string[]; read: boolean },
  BatchResult
>() {}
