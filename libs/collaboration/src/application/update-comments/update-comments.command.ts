import { Command } from '@nestjs/cqrs';
import type { CommentChanges, CommentResults } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Edits comments of an annotation; a missing comment fails its own entry. */
export class UpdateCommentsCommand extends Command<CommentResults> {
  constructor(
    readonly target: RecordTarget,
    readonly annotationId: string,
    readonly commentIds: number[],
    readonly changes: CommentChanges,
  ) {
    super();
  }
}
