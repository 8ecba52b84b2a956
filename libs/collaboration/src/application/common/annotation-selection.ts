import type { CommentAnnotation } from '../../domain/kinds/comment-annotation';

/**
 * Which annotations of a document an update or delete acts on: every filter given at once
 * (hosted `annotationIds`, `locationIds`, `userIds` as authors); none given, all of them.
 */
export interface AnnotationSelection {
  annotationIds?: string[];
  locationIds?: string[];
  userIds?: string[];
}

/** Whether the annotation matches the location and author filters. */
export function selects(a: CommentAnnotation, s: AnnotationSelection): boolean {
  return (
    (!s.locationIds || (a.location !== undefined && s.locationIds.includes(a.location.id))) &&
    (!s.userIds || s.userIds.includes(a.from.userId))
  );
}
