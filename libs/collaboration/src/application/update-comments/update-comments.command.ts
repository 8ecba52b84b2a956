import { CommandOf } from '@app/platform';
import type { CommentChanges, CommentResults } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Edits comments of an annotation; a missing comment fails its own entry. */
export class UpdateCommentsCommand extends CommandOf<
  { target: RecordTarget; annotationId: string; commentIds: number[]; changes: CommentChanges },
  CommentResults
>() {}
