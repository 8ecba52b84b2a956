import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomId } from '@app/platform';
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
  constructor(private readonly batch: RecordBatch) {}

  async execute({
    target,
    annotations,
  }: AddCommentAnnotationsCommand): Promise<Record<string, AddedAnnotation>> {
    // Comment ids are checked before anything is read: a bad request fails whole.
    const drafts = annotations.map((a, i) =>
      draftAnnotation(
        { ...a, annotationId: a.annotationId ?? randomId() },
        `data.commentAnnotations[${i}].commentData`,
      ),
    );
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
}

/** What the hosted answer tells of an added annotation. */
function addedOf(draft: AnnotationDraft) {
  const findingId = draft.comments[0]?.agent?.reason.findingId;
  return {
    commentIds: draft.comments.map((c) => c.commentId),
    ...(findingId !== undefined && { findingId }),
  };
}
