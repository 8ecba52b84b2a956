import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { GetCommentCountsQuery, type CommentCount } from './get-comment-counts.query';

interface Row {
  document_id: string;
  total: number;
  unread: number;
}

/**
 * An annotation is unread for a user when its latest comment is someone else's and newer
 * than the latest comment the user marked read (or there is no mark): an annotation the
 * user wrote last in, or read since its last comment, is read. One statement: each document walks its annotations
 * on the index that holds the status and the latest comment's time and author (migration
 * 500), each joined to the user's mark by primary key; no record is read. A document with
 * no annotations (or none known) counts 0 and 0.
 */
@QueryHandler(GetCommentCountsQuery)
export class GetCommentCountsHandler implements IQueryHandler<GetCommentCountsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, organizationId, documentIds, userId, statusIds }: GetCommentCountsQuery) {
    const documents = [...new Set(documentIds)];
    const rows: Row[] = await this.dataSource.query(
      `SELECT d.document_id, count(c.record_id)::int AS total,
         (count(c.record_id) FILTER (
            WHERE c.last_comment_at IS NOT NULL AND c.last_comment_by IS DISTINCT FROM $4
              AND (r.read_up_to IS NULL OR r.read_up_to < c.last_comment_at)))::int AS unread
       FROM unnest($3::text[]) AS d(document_id)
       LEFT JOIN collab_records c
         ON c.api_key = $1 AND c.organization_id = $2 AND c.kind = 'comment-annotation'
        AND c.document_id = d.document_id COLLATE "C"
        AND ($5::text[] IS NULL OR c.status_id = ANY($5::text[]))
       LEFT JOIN collab_annotation_reads r
         ON r.api_key = $1 AND r.organization_id = $2 AND r.document_id = c.document_id
        AND r.annotation_id = c.record_id AND r.user_id = $4
       GROUP BY d.document_id`,
      [tenant.apiKey, organizationId, documents, userId, statusIds?.length ? statusIds : null],
    );
    const counts = new Map(rows.map((r) => [r.document_id, r]));
    // In the order asked; `Object.fromEntries` keeps an id like `__proto__` a plain key.
    return Object.fromEntries(
      documents.map((id): [string, CommentCount] => {
        const row = counts.get(id);
        return [id, { total: row?.total ?? 0, unread: row?.unread ?? 0 }];
      }),
    );
  }
}
