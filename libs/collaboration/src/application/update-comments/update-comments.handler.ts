import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CommentAnnotationRecord,
  type CommentResults,
} from '../../domain/comment-annotation.aggregate';
import { RecordWriter } from '../common/record-writer';
import { UpdateCommentsCommand } from './update-comments.command';

@CommandHandler(UpdateCommentsCommand)
export class UpdateCommentsHandler implements ICommandHandler<UpdateCommentsCommand> {
  constructor(private readonly writer: RecordWriter) {}

  execute({
    target,
    annotationId,
    commentIds,
    changes,
  }: UpdateCommentsCommand): Promise<CommentResults> {
    return this.writer.write(
      target,
      annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, at) => annotation.editComments(commentIds, changes, at),
    );
  }
}
