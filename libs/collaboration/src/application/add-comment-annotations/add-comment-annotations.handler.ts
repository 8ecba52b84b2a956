import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { randomId } from '@app/platform';
import {
  CommentAnnotationRecord,
  draftAnnotation,
} from '../../domain/comment-annotation.aggregate';
import { RecordBatch } from '../common/record-batch';
import { AddCommentAnnotationsCommand } from './add-comment-annotations.command';

@CommandHandler(AddCommentAnnotationsCommand)
export class AddCommentAnnotationsHandler implements ICommandHandler<AddCommentAnnotationsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, annotations }: AddCommentAnnotationsCommand): Promise<BatchResult> {
    // Comment ids are checked before anything is read: a bad request fails whole.
    const drafts = annotations.map((a, i) =>
      draftAnnotation(
        { ...a, annotationId: a.annotationId ?? randomId() },
        `data.commentAnnotations[${i}].commentData`,
      ),
    );
    const at = Date.now();
    return this.batch.run(
      target,
      drafts,
      (d) => d.annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, draft) => {
        annotation.create(draft, at);
        return 'Added Successfully';
      },
    );
  }
}
