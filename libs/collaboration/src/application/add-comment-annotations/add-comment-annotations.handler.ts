import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserAccess } from '@app/access';
import { randomId, ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import {
  CommentAnnotationRecord,
  draftAnnotation,
  type AnnotationDraft,
} from '../../domain/comment-annotation.aggregate';
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

  /**
   * D15.3 (hosted: "if verification fails, the request will be rejected"): every author, of
   * an annotation or one of its comments, must have access to the document, else
   * PERMISSION_DENIED naming them and nothing is added.
   */
  private async refuseWithoutAccess(
    target: AddCommentAnnotationsCommand['target'],
    annotations: AddCommentAnnotationsCommand['annotations'],
  ): Promise<void> {
    const authors = annotations.flatMap((a) => [
      ...(a.from?.userId ? [a.from.userId] : []),
      ...a.commentData.map((c) => c.from.userId),
    ]);
    const allowed = await this.access.usersWithAccess(
      this.dataSource.manager,
      {
        apiKey: target.tenant.apiKey,
        organizationId: target.organizationId,
        documentId: target.documentId,
        accessTypeIfMade: target.tenant.options.defaultDocumentAccessType,
      },
      authors,
    );
    const refused = [...new Set(authors.filter((u) => !allowed.has(u)))];
    if (refused.length > 0) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        `User does not have access to document: ${refused.join(', ')}`,
        { userIds: refused },
      );
    }
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
