import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { AnnotationInput } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** An annotation to add; its id is made when absent (hosted). */
export type NewAnnotation = Omit<AnnotationInput, 'annotationId'> & { annotationId?: string };

/** Adds comment annotations with their first comments; an id in use fails its item. */
export class AddCommentAnnotationsCommand extends Command<BatchResult> {
  constructor(
    readonly target: RecordTarget,
    readonly annotations: NewAnnotation[],
  ) {
    super();
  }
}
