import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAccess } from '@app/access';
import { randomId } from '@app/platform';
import { DataSource } from 'typeorm';
import {
  CommentAnnotationRecord,
  draftAnnotation,
  type AnnotationDraft,
} from '../../domain/comment-annotation.aggregate';
import { accessTargetOf } from '../common/access-target';
import { RecordBatch } from '../common/record-batch';
import {
  AddCommentAnnotationsCommand,
  type AddedAnnotation,
} from './add-comment-annotations.command';

@CommandHandler(AddCommentAnnotationsCommand)
export class AddCommentAnnotationsHandler implements ICommandHandler<AddCommentAnnotationsCommand> {
  constructor(
    private readonly batch: RecordBatch,
    private readonly access: UserAccess,
    private readonly dataSource: DataSource,
  ) {}

  async execute({
    target,
    annotations,
    verifyUserPermissions,
  }: AddCommentAnnotationsCommand): Promise<Record<string, AddedAnnotation>> {
    // Comment ids are checked before anything is read: a bad request fails whole.
    const drafts = annotations.map((a, i) =>
      draftAnnotation(
        { ...a, annotationId: a.annotationId ?? randomId() },
        `data.commentAnnotations[${i}].commentData`,
      ),
    );
    if (verifyUserPermissions) await this.refuseWithoutAccess(target, annotations);
    const at = Date.now();
    const results = await this.batch.run(
      target,
      drafts,
      (d) => d.annotationId,
      (ref) => new CommentAnnotationRecord(ref),
      (annotation, draft) => {
        annotation.create(draft, at);
        return 'Added Successfully';
      },
    );
    // An id given twice fails every time: its answer names no one draft's comments.
    const byId = new Map(drafts.map((d) => [d.annotationId, d]));
    return Object.fromEntries(
      Object.entries(results).map(([id, result]) => [
        id,
        { ...result, annotationId: id, ...(result.success && addedOf(byId.get(id)!)) },
      ]),
    );
  }

  /** D15.3: every author, of an annotation or one of its comments, must have access. */
  private refuseWithoutAccess(
    target: AddCommentAnnotationsCommand['target'],
    annotations: AddCommentAnnotationsCommand['annotations'],
  ): Promise<void> {
    const authors = annotations.flatMap((a) => [
      ...(a.from?.userId ? [a.from.userId] : []),
      ...a.commentData.map((c) => c.from.userId),
    ]);
    return this.access.requireAccess(this.dataSource.manager, accessTargetOf(target), authors);
  }
}

/** What the hosted answer tells of an added annotation. */
function addedOf(draft: AnnotationDraft) {
  const findingId = draft.comments[0]?.agent?.reason.findingId;
  return {
    commentIds: draft.comments.map((c) => c.commentId),
    ...(findingId !== undefined && { findingId }),
  };
}
