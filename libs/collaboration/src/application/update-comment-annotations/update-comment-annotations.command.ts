import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { UserReplacement } from '../../domain/annotation-update.events';
import type { AnnotationChanges } from '../../domain/comment-annotation.aggregate';
import type { AnnotationSelection } from '../common/annotation-selection';
import type { RecordTarget } from '../common/record-target';

/**
 * The same changes, and the same user replacements, applied to the selected annotations;
 * a missing id fails its item (D5.3).
 */
export class UpdateCommentAnnotationsCommand extends CommandOf<
  {
    target: RecordTarget;
    selection: AnnotationSelection;
    changes: AnnotationChanges;
    replacements: UserReplacement[];
  },
  BatchResult
>() {}
