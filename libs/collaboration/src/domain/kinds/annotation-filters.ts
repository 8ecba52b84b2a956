import type { CommentAnnotation } from './comment-annotation';
import { mentionedIds } from './people';

/** What the read filters of comment annotations match (the read table's filter columns). */
export interface AnnotationFilterColumns {
  author_id: string | null;
  status_id: string | null;
  resolved_by: string | null;
  mentioned_user_ids: string[];
  /** When the latest comment was added, and by whom (what unread counts compare, D10). */
  last_comment_at: number | null;
  last_comment_by: string | null;
}

const NONE: AnnotationFilterColumns = {
  author_id: null,
  status_id: null,
  resolved_by: null,
  mentioned_user_ids: [],
  last_comment_at: null,
  last_comment_by: null,
};

/** An annotation given no status is open (hosted default status). */
export const DEFAULT_STATUS_ID = 'OPEN';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The users an annotation's comments mention: tagged contacts and `{{userId}}` in a text
 * (hosted `mentionedUserIds`).
 */
export function annotationMentions(a: CommentAnnotation): string[] {
  const ids = new Set<string>();
  for (const c of a.comments) {
    for (const t of c.taggedUserContacts ?? []) ids.add(t.userId);
    for (const id of [...mentionedIds(c.commentText ?? ''), ...mentionedIds(c.commentHtml ?? '')]) {
      ids.add(id);
    }
  }
  return [...ids];
}

/** The filter columns of a record of `kind`: only comment annotations have them. */
export function annotationFilterColumns(
  kind: string,
  record: Record<string, unknown>,
): AnnotationFilterColumns {
  if (kind !== 'comment-annotation') return NONE;
  const a = record as CommentAnnotation;
  const latest = a.comments.at(-1);
  return {
    author_id: text(a.from?.userId),
    status_id: text(a.status?.id) ?? DEFAULT_STATUS_ID,
    resolved_by: text(a.resolvedByUserId),
    mentioned_user_ids: annotationMentions(a),
    // Comments are kept in the order they were added: the last one is the latest.
    last_comment_at: latest?.createdAt ?? null,
    last_comment_by: text(latest?.from?.userId),
  };
}
