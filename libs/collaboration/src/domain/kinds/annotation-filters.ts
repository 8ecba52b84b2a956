import type { CommentAnnotation } from './comment-annotation';
import { mentionedIds } from './people';

/** What the read filters of comment annotations match (the read table's filter columns). */
export interface AnnotationFilterColumns {
  author_id: string | null;
  status_id: string | null;
  resolved_by: string | null;
  mentioned_user_ids: string[];
}

const NONE: AnnotationFilterColumns = {
  author_id: null,
  status_id: null,
  resolved_by: null,
  mentioned_user_ids: [],
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
  return {
    author_id: text(a.from?.userId),
    status_id: text(a.status?.id) ?? DEFAULT_STATUS_ID,
    resolved_by: text(a.resolvedByUserId),
    mentioned_user_ids: annotationMentions(a),
  };
}
