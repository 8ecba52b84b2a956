import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { AnnotationChanges } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** The same changes applied to several annotations; a missing one fails its item. */
export class UpdateCommentAnnotationsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly annotationIds: string[],
    readonly changes: AnnotationChanges,
  ) {
    super();
  }
}
