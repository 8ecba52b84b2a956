import { Command } from '@nestjs/cqrs';
import type { CollabUser } from '../../domain/kinds/people';
import type { RecordTarget } from '../common/record-target';

/** A user's reaction on a comment. */
export class AddCommentReactionCommand extends Command<{ success: boolean }> {
  constructor(
    readonly target: RecordTarget,
    readonly annotationId: string,
    readonly commentId: number,
    readonly icon: string,
    readonly user: CollabUser,
  ) {
    super();
  }
}
