import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentAnnotationRecord } from '../../domain/comment-annotation.aggregate';
import { RecordWriter } from '../common/record-writer';
import { DeleteCommentReactionCommand } from './delete-comment-reaction.command';
import { removalIn } from '../common/record-target';

@CommandHandler(DeleteCommentReactionCommand)
export class DeleteCommentReactionHandler implements ICommandHandler<DeleteCommentReactionCommand> {
  constructor(private readonly writer: RecordWriter) {}

  execute({ target, annotationId, commentId, icon, userId }: DeleteCommentReactionCommand) {
    return this.writer.write(
      removalIn(target),
      annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, at) => annotation.removeReaction(commentId, icon, userId, at),
    );
  }
}
