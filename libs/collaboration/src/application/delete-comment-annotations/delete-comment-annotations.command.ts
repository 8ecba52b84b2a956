import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { AnnotationSelection } from '../common/annotation-selection';
import type { RecordTarget } from '../common/record-target';

/** Deletes the selected annotations; a missing id fails its item (D5.3). */
export class DeleteCommentAnnotationsCommand extends CommandOf<
  { target: RecordTarget; selection: AnnotationSelection },
  BatchResult
>() {}
