import { CommandOf } from '@app/platform';
import type { CommentInput } from '../../domain/comment-annotation.aggregate';
import type { RecordTarget } from '../common/record-target';

/** Adds comments to an annotation; answers their ids. */
export class AddCommentsCommand extends CommandOf<
  {
    target: RecordTarget;
    annotationId: string;
    comments: CommentInput[];
    /**
     * D15.3: every author must have access to the document, else nothing is added. Absent, as
     * false: authors are not checked.
     */
    verifyUserPermissions?: boolean;
  },
  number[]
>() {}
