import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommentAnnotationRecord } from '../../domain/comment-annotation.aggregate';
import { RecordWriter } from '../common/record-writer';
import { AddCommentsCommand } from './add-comments.command';

@CommandHandler(AddCommentsCommand)
export class AddCommentsHandler implements ICommandHandler<AddCommentsCommand> {
  constructor(private readonly writer: RecordWriter) {}

  execute({ target, annotationId, comments }: AddCommentsCommand): Promise<number[]> {
    return this.writer.write(
      target,
      annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, at) => annotation.addComments(comments, at),
    );
  }
}
