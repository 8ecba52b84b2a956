import type { EntityManager } from 'typeorm';

/** A comment annotation, and one of its comments when given, that a change was about. */
export interface CommentSource {
  apiKey: string;
  organizationId: string;
  documentId: string;
  annotationId: string;
  commentId?: number;
}

/**
 * Whether the annotation (and the comment, when one is named) is still there, as the read
 * table shows it in the caller's transaction: what a held-back notification checks before
 * it is shown (D9.8). A removal of any kind (its delete, its document's, erasure) leaves it
 * gone.
 */
export async function commentSourceExists(
  manager: EntityManager,
  source: CommentSource,
): Promise<boolean> {
  const rows: { found: boolean }[] = await manager.query(
    `SELECT ($6::int IS NULL OR EXISTS (
         SELECT 1 FROM jsonb_array_elements(record->'comments') c
         WHERE (c->>'commentId')::int = $6::int)) AS found
     FROM collab_records
     WHERE api_key = $1 AND organization_id = $2 AND kind = $3 AND document_id = $4
       AND record_id = $5`,
    [
      source.apiKey,
      source.organizationId,
      'comment-annotation',
      source.documentId,
      source.annotationId,
      source.commentId ?? null,
    ],
  );
  return rows[0]?.found === true;
}
