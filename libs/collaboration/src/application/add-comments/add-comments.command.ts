import { Command } from '@nestjs/cqrs';
import type { CommentInput } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Adds comments to an annotation; answers their ids. */
export class AddCommentsCommand extends Command<number[]> {
  constructor(
    readonly target: RecordTarget,
    readonly annotationId: string,
    readonly comments: CommentInput[],
    /** D15.3: every author must have access to the document, else nothing is added. */
    readonly verifyUserPermissions = false,
  ) {
    super();
  }
}
