import { CommandOf } from '@app/platform';
import type { RecordTarget } from '../common/record-target';

/** Removes a user's reaction from a comment (NOT_FOUND when there is none). */
export class DeleteCommentReactionCommand extends CommandOf<
  { target: RecordTarget; annotationId: string; commentId: number; icon: string; userId: string },
  { success: boolean }
>() {}
