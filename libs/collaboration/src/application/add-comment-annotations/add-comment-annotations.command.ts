import { CommandOf } from '@app/platform';
import type { ItemResult } from '@app/event-store';
import type { AnnotationInput } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** An annotation to add; its id is made when absent (hosted). */
export type NewAnnotation = Omit<AnnotationInput, 'annotationId'> & { annotationId?: string };

/**
 * One annotation's answer: the batch item (D5) with the hosted fields, its id, the ids of the
 * comments it was given (an added one only) and the first comment's agent finding id.
 */
export type AddedAnnotation = ItemResult & {
  annotationId: string;
  commentIds?: number[];
  findingId?: string;
};

/** Adds comment annotations with their first comments; an id in use fails its item. */
export class AddCommentAnnotationsCommand extends CommandOf<
  {
    target: RecordTarget;
    annotations: NewAnnotation[];
    /**
     * D15.3: every author must have access to the document, else nothing is added. Absent, as
     * false: authors are not checked.
     */
    verifyUserPermissions?: boolean;
  },
  Record<string, AddedAnnotation>
>() {}
