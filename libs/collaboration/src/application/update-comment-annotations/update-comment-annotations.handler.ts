import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import { CommentAnnotationRecord } from '../../domain/comment-annotation.aggregate';
import { RecordBatch } from '../common/record-batch';
import { UpdateCommentAnnotationsCommand } from './update-comment-annotations.command';

@CommandHandler(UpdateCommentAnnotationsCommand)
export class UpdateCommentAnnotationsHandler implements ICommandHandler<UpdateCommentAnnotationsCommand> {
  constructor(private readonly batch: RecordBatch) {}

  execute({
    target,
    annotationIds,
    changes,
  }: UpdateCommentAnnotationsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batch.run(
      target,
      annotationIds,
      (id) => id,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation) => {
        annotation.update(changes, at);
        return 'Annotations updated successfully';
      },
    );
  }
}
