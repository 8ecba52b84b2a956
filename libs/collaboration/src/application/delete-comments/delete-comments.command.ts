import { CommandOf } from '@app/platform';
import type { CommentResults } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Deletes comments of an annotation, all of them when none are listed (hosted). */
export class DeleteCommentsCommand extends CommandOf<
  { target: RecordTarget; annotationId: string; commentIds?: number[] },
  CommentResults
>() {}
