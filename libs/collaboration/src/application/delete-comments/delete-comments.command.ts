import { Command } from '@nestjs/cqrs';
import type { CommentResults } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Deletes comments of an annotation, all of them when none are listed (hosted). */
export class DeleteCommentsCommand extends Command<CommentResults> {
  constructor(
    readonly target: RecordTarget,
    readonly annotationId: string,
    readonly commentIds?: number[],
  ) {
    super();
  }
}
