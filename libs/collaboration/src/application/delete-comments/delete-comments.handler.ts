import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CommentAnnotationRecord,
  type CommentResults,
} from '../../domain/comment-annotation.aggregate';
import { RecordWriter } from '../common/record-writer';
import { DeleteCommentsCommand } from './delete-comments.command';
import { removalIn } from '../common/record-target';

@CommandHandler(DeleteCommentsCommand)
export class DeleteCommentsHandler implements ICommandHandler<DeleteCommentsCommand> {
  constructor(private readonly writer: RecordWriter) {}

  execute({ target, annotationId, commentIds }: DeleteCommentsCommand): Promise<CommentResults> {
    return this.writer.write(
      removalIn(target),
      annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, at) => annotation.deleteComments(commentIds, at),
    );
  }
}
