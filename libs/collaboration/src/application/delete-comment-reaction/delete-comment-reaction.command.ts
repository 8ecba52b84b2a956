import { Command } from '@nestjs/cqrs';
import type { RecordTarget } from '../common/record-target';

/** Removes a user's reaction from a comment (NOT_FOUND when there is none). */
export class DeleteCommentReactionCommand extends Command<{ success: boolean }> {
  constructor(
    readonly target: RecordTarget,
    readonly annotationId: string,
    readonly commentId: number,
    readonly icon: string,
    readonly userId: string,
  ) {
    super();
  }
}
