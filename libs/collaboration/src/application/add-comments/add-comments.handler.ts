import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAccess } from '@app/access';
import { DataSource } from 'typeorm';
import { CommentAnnotationRecord } from '../../domain/comment-annotation.aggregate';
import { accessTargetOf } from '../common/access-target';
import { RecordWriter } from '../common/record-writer';
import { AddCommentsCommand } from './add-comments.command';

@CommandHandler(AddCommentsCommand)
export class AddCommentsHandler implements ICommandHandler<AddCommentsCommand> {
  constructor(
    private readonly writer: RecordWriter,
    private readonly access: UserAccess,
    private readonly dataSource: DataSource,
  ) {}

  async execute({
    target,
    annotationId,
    comments,
    verifyUserPermissions,
  }: AddCommentsCommand): Promise<number[]> {
    if (verifyUserPermissions) {
      const authors = comments.map((c) => c.from.userId);
      await this.access.requireAccess(this.dataSource.manager, accessTargetOf(target), authors);
    }
    return this.writer.write(
      target,
      annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, at) => annotation.addComments(comments, at),
    );
  }
}
