import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentAnnotationRecord } from '../../domain/comment-annotation.aggregate';
import { RecordWriter } from '../common/record-writer';
import { AddCommentReactionCommand } from './add-comment-reaction.command';

@CommandHandler(AddCommentReactionCommand)
export class AddCommentReactionHandler implements ICommandHandler<AddCommentReactionCommand> {
  constructor(private readonly writer: RecordWriter) {}

  execute({ target, annotationId, commentId, icon, user }: AddCommentReactionCommand) {
    return this.writer.write(
      target,
      annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, at) => annotation.addReaction(commentId, icon, user, at),
    );
  }
}
