import { CommandOf } from '@app/platform';
import type { CollabUser } from '../../domain/kinds/people';
import type { RecordTarget } from '../common/record-target';

/** A user's reaction on a comment. */
export class AddCommentReactionCommand extends CommandOf<
  { target: RecordTarget; annotationId: string; commentId: number; icon: string; user: CollabUser },
  { success: boolean }
>() {}
