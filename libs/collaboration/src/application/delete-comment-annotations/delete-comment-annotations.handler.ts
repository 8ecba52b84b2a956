import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { CommentAnnotationRecord } from '../../domain/comment-annotation.aggregate';
import { RecordBatch } from '../common/record-batch';
import { DeleteCommentAnnotationsCommand } from './delete-comment-annotations.command';

@CommandHandler(DeleteCommentAnnotationsCommand)
export class DeleteCommentAnnotationsHandler implements ICommandHandler<DeleteCommentAnnotationsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({ target, annotationIds }: DeleteCommentAnnotationsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      target,
      annotationIds,
      (id) => id,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation) => {
        annotation.delete(at);
        return 'Deleted Successfully';
      },
    );
  }
}
