import { ServiceError } from '@app/platform';
import {
  numberComments,
  type Comment,
  type CommentAnnotation,
  type TaggedContact,
} from './comment-annotation';
import type { CollabUser, Location } from './people';

/** A comment as callers send it (hosted `commentData[]`). */
export interface CommentInput {
  commentId?: number;
  commentText?: string;
  commentHtml?: string;
  from: CollabUser;
  taggedUserContacts?: TaggedContact[];
  context?: Record<string, unknown>;
}

export interface AnnotationInput {
  annotationId: string;
  location?: Location;
  from?: CollabUser;
  status?: Record<string, unknown>;
  priority?: Record<string, unknown>;
  assignedTo?: CollabUser;
  context?: Record<string, unknown>;
  commentData: CommentInput[];
}

export const ANNOTATION_MISSING = 'Annotation not found.';

function toComment(input: CommentInput & { commentId: number }, at: number): Comment {
  return {
    ...(input.context && { context: input.context }),
    commentId: input.commentId,
    commentText: input.commentText ?? '',
    commentHtml: input.commentHtml ?? '',
    from: input.from,
    taggedUserContacts: input.taggedUserContacts ?? [],
    reactions: [],
    createdAt: at,
    lastUpdated: at,
  };
}

/** A new annotation; its author is the first comment's when not given. */
/** A new annotation; `field` is where its comments are in the request (for a repeated commentId). */
export function newAnnotation(
  input: AnnotationInput,
  at: number,
  field: string,
): CommentAnnotation {
  const comments = numberComments([], input.commentData, field).map((c) => toComment(c, at));
  return {
    annotationId: input.annotationId,
    ...(input.location && { location: input.location }),
    from: input.from ?? input.commentData[0].from,
    ...(input.status && { status: input.status }),
    ...(input.priority && { priority: input.priority }),
    ...(input.assignedTo && { assignedTo: input.assignedTo }),
    ...(input.context && { context: input.context }),
    comments,
    createdAt: at,
    lastUpdated: at,
  };
}

export interface AnnotationChanges {
  status?: Record<string, unknown>;
  priority?: Record<string, unknown>;
  assignedTo?: CollabUser | null;
  context?: Record<string, unknown>;
}

/** The hosted webhook action an annotation update amounts to. */
export function updateAction(changes: AnnotationChanges): string {
  if (changes.status) return 'comment_annotation.status_change';
  if (changes.priority) return 'comment_annotation.priority_change';
  if (changes.assignedTo !== undefined) return 'comment_annotation.assign';
  return 'comment_annotation.update';
}

export function updateAnnotation(
  a: CommentAnnotation,
  changes: AnnotationChanges,
  at: number,
): CommentAnnotation {
  const { assignedTo, ...rest } = changes;
  const next: CommentAnnotation = { ...a, ...rest, lastUpdated: at };
  if (assignedTo === null) delete next.assignedTo;
  else if (assignedTo) next.assignedTo = assignedTo;
  return next;
}

function existing(a: CommentAnnotation | undefined): CommentAnnotation {
  if (!a) throw new ServiceError('NOT_FOUND', ANNOTATION_MISSING);
  return a;
}

/** Adds comments; answers their ids (hosted `data: [commentId]`). */
export function addComments(
  current: CommentAnnotation | undefined,
  input: CommentInput[],
  at: number,
) {
  const a = existing(current);
  const added = numberComments(a.comments, input, 'data.commentData').map((c) => toComment(c, at));
  const ids = added.map((c) => c.commentId);
  return {
    next: { ...a, comments: [...a.comments, ...added], lastUpdated: at },
    result: ids,
    action: 'comment.add',
    subIds: ids.map(String),
  };
}

/** Hosted comment results: keyed by comment id, which is a number. */
type CommentResults = Record<string, { success: boolean; id: number; message: string }>;

/** Applies `change` to each listed comment; a missing one fails its own entry. */
function perComment(
  a: CommentAnnotation,
  commentIds: number[],
  ok: string,
  change: (c: Comment) => Comment | null,
): { comments: Comment[]; results: CommentResults; touched: number[] } {
  const results: CommentResults = {};
  const wanted = new Set(commentIds);
  const found = new Set<number>();
  const comments: Comment[] = [];
  for (const c of a.comments) {
    if (!wanted.has(c.commentId)) {
      comments.push(c);
      continue;
    }
    found.add(c.commentId);
    const next = change(c);
    if (next) comments.push(next);
  }
  for (const id of commentIds) {
    results[String(id)] = found.has(id)
      ? { success: true, id, message: ok }
      : { success: false, id, message: 'Not found' };
  }
  return { comments, results, touched: [...found] };
}

export interface CommentChanges {
  commentText?: string;
  commentHtml?: string;
  taggedUserContacts?: TaggedContact[];
  context?: Record<string, unknown>;
}

export function updateComments(
  current: CommentAnnotation | undefined,
  commentIds: number[],
  changes: CommentChanges,
  at: number,
) {
  const a = existing(current);
  const { comments, results, touched } = perComment(a, commentIds, 'Updated successfully', (c) => ({
    ...c,
    ...changes,
    lastUpdated: at,
  }));
  return {
    // Nothing matched: nothing happened, so no event (and no webhook) either.
    next: touched.length > 0 ? { ...a, comments, lastUpdated: at } : undefined,
    result: results,
    action: 'comment.update',
    subIds: touched.map(String),
  };
}

/** Deletes the listed comments, or all of them when none are listed (hosted). */
export function deleteComments(
  current: CommentAnnotation | undefined,
  commentIds: number[] | undefined,
  at: number,
) {
  const a = existing(current);
  const ids = commentIds ?? a.comments.map((c) => c.commentId);
  const { comments, results, touched } = perComment(a, ids, 'Deleted successfully', () => null);
  return {
    next: touched.length > 0 ? { ...a, comments, lastUpdated: at } : undefined,
    result: results,
    action: 'comment.delete',
    subIds: touched.map(String),
  };
}

function oneComment(a: CommentAnnotation, commentId: number): Comment {
  const comment = a.comments.find((c) => c.commentId === commentId);
  if (!comment) throw new ServiceError('NOT_FOUND', 'Comment not found.', { commentId });
  return comment;
}

/** A user's reaction on a comment; the same user and icon twice is one reaction. */
export function addCommentReaction(
  current: CommentAnnotation | undefined,
  commentId: number,
  icon: string,
  from: CollabUser,
  at: number,
) {
  const a = existing(current);
  oneComment(a, commentId);
  const comments = a.comments.map((c) =>
    c.commentId !== commentId
      ? c
      : {
          ...c,
          reactions: [
            ...c.reactions.filter((r) => !(r.icon === icon && r.from.userId === from.userId)),
            { icon, from, at },
          ],
        },
  );
  return {
    next: { ...a, comments, lastUpdated: at },
    result: { success: true },
    action: 'comment.reaction_add',
    subIds: [String(commentId)],
  };
}

export function deleteCommentReaction(
  current: CommentAnnotation | undefined,
  commentId: number,
  icon: string,
  userId: string,
  at: number,
) {
  const a = existing(current);
  const comment = oneComment(a, commentId);
  if (!comment.reactions.some((r) => r.icon === icon && r.from.userId === userId)) {
    throw new ServiceError('NOT_FOUND', 'Reaction not found.', { commentId, icon });
  }
  const comments = a.comments.map((c) =>
    c.commentId !== commentId
      ? c
      : {
          ...c,
          reactions: c.reactions.filter((r) => !(r.icon === icon && r.from.userId === userId)),
        },
  );
  return {
    next: { ...a, comments, lastUpdated: at },
    result: { success: true },
    action: 'comment.reaction_delete',
    subIds: [String(commentId)],
  };
}
