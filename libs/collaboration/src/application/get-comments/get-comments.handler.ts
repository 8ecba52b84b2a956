import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ANNOTATION_MISSING } from '../../domain/comment-annotation.aggregate';
import { CollaborationError } from '../../domain/collaboration.error';
import { annotationView } from '../get-comment-annotations/annotation-view';
import { GetCommentsQuery } from './get-comments.query';

type CommentView = Record<string, unknown> & { commentId: number; from?: { userId?: string } };

/** One annotation's row by primary key; its comments as `/v2/commentannotations/get` shows them. */
@QueryHandler(GetCommentsQuery)
export class GetCommentsHandler implements IQueryHandler<GetCommentsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, selection }: GetCommentsQuery) {
    const { organizationId, documentId, annotationId, userIds, commentIds } = selection;
    const rows: { record: Record<string, unknown> }[] = await this.dataSource.query(
      `SELECT record FROM collab_records
       WHERE api_key = $1 AND organization_id = $2 AND kind = 'comment-annotation'
         AND document_id = $3 AND record_id = $4`,
      [tenant.apiKey, organizationId, documentId, annotationId],
    );
    if (rows.length === 0) throw new CollaborationError('NOT_FOUND', ANNOTATION_MISSING);
    const authors = userIds?.length ? new Set(userIds) : undefined;
    const comments = ((annotationView(rows[0].record, null).comments ?? []) as CommentView[])
      // An author filter keeps their comments only (hosted `userIds`).
      .filter((c) => !authors || authors.has(c.from?.userId ?? ''));
    if (!commentIds) return comments;
    const byId = new Map(comments.map((c) => [c.commentId, c]));
    return commentIds.map((id) => byId.get(id) ?? null);
  }
}
