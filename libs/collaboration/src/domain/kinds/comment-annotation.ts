import { DELETED_USER, type CollabUser, type Identities, type Location } from './people';

export interface TaggedContact {
  text?: string;
  userId: string;
  contact?: CollabUser;
}

export interface CommentReaction {
  icon: string;
  from: CollabUser;
  at: number;
}

export interface Comment extends Record<string, unknown> {
  commentId: number;
  commentText: string;
  commentHtml: string;
  from: CollabUser;
  taggedUserContacts: TaggedContact[];
  reactions: CommentReaction[];
  createdAt: number;
  lastUpdated: number;
}

export interface CommentAnnotation extends Record<string, unknown> {
  annotationId: string;
  location?: Location;
  from: CollabUser;
  status?: Record<string, unknown>;
  priority?: Record<string, unknown>;
  assignedTo?: CollabUser;
  context?: Record<string, unknown>;
  comments: Comment[];
  createdAt: number;
  lastUpdated: number;
}

/** Everyone an annotation involves: author, assignee, commenters, tagged users, reactors. */
export function annotationPeople(a: CommentAnnotation): string[] {
  const ids = new Set<string>([a.from.userId]);
  if (a.assignedTo) ids.add(a.assignedTo.userId);
  for (const c of a.comments) {
    ids.add(c.from.userId);
    for (const t of c.taggedUserContacts) ids.add(t.userId);
    for (const r of c.reactions) ids.add(r.from.userId);
  }
  return [...ids];
}

/** The next comment ids of an annotation: given ones kept, others numbered after the highest. */
export function numberComments<T extends { commentId?: number }>(
  existing: Comment[],
  incoming: T[],
): (T & { commentId: number })[] {
  let next = Math.max(
    0,
    ...existing.map((c) => c.commentId),
    ...incoming.map((c) => c.commentId ?? 0),
  );
  return incoming.map((c) => ({ ...c, commentId: c.commentId ?? ++next }));
}

/**
 * The annotation without the erased users (D8.3), or null when one of them wrote it: their
 * comments and reactions go, their tags go, mentions of them read "@[deleted user]", and an
 * assignment to them is cleared.
 */
export function eraseFromAnnotation(
  a: CommentAnnotation,
  who: Identities,
): CommentAnnotation | null {
  a.comments.forEach((c) => {
    who.learn(c.from);
    c.taggedUserContacts.forEach((t) => who.learn(t.contact ?? { userId: t.userId }));
    c.reactions.forEach((r) => who.learn(r.from));
  });
  who.learn(a.from);
  who.learn(a.assignedTo);
  if (who.has(a.from)) return null;
  const { assignedTo, ...rest } = a;
  return {
    ...rest,
    ...(assignedTo && !who.has(assignedTo) && { assignedTo }),
    comments: a.comments
      .filter((c) => !who.has(c.from))
      .map((c) => ({
        ...c,
        commentText: who.scrub(c.commentText),
        commentHtml: who.scrub(c.commentHtml),
        taggedUserContacts: c.taggedUserContacts.filter((t) => !who.ids.has(t.userId)),
        reactions: c.reactions.filter((r) => !who.has(r.from)),
      })),
  };
}

export { DELETED_USER };
