import { CollaborationError } from '../collaboration.error';
import type {
  Agent,
  AnnotationExtras,
  AnnotationVisibility,
  CommentExtras,
} from './annotation-fields';
import { mentionedIds, type CollabUser, type Identities, type Location } from './people';

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

export interface Comment extends Record<string, unknown>, CommentExtras {
  commentId: number;
  commentText: string;
  commentHtml: string;
  from: CollabUser;
  taggedUserContacts: TaggedContact[];
  reactions: CommentReaction[];
  createdAt: number;
  lastUpdated: number;
  /** Only when false: the comment makes no derived notification (D10.3). */
  triggerNotification?: false;
  /** Only when false: the comment makes no derived activity record (D7.6). */
  triggerActivities?: false;
  /** `agent` when an agent wrote it (hosted). */
  sourceType?: 'agent';
}

export interface CommentAnnotation extends Record<string, unknown>, AnnotationExtras {
  annotationId: string;
  location?: Location;
  from: CollabUser;
  status?: Record<string, unknown>;
  priority?: Record<string, unknown>;
  assignedTo?: CollabUser;
  context?: Record<string, unknown>;
  /** The first comment's agent and `sourceType` when an agent wrote it (hosted). */
  agent?: Agent;
  sourceType?: 'agent';
  comments: Comment[];
  createdAt: number;
  lastUpdated: number;
}

/** Who wrote something in an annotation: its author, commenters and reactors. */
export function annotationAuthors(a: CommentAnnotation): CollabUser[] {
  return [a.from, ...a.comments.flatMap((c) => [c.from, ...c.reactions.map((r) => r.from)])];
}

/**
 * Everyone an annotation involves: authors, assignee, tagged users and users mentioned as
 * `{{userId}}` in a text, tagged or not.
 */
export function annotationPeople(a: CommentAnnotation): string[] {
  const ids = new Set<string>(annotationAuthors(a).map((u) => u.userId));
  if (a.assignedTo) ids.add(a.assignedTo.userId);
  for (const id of a.visibility?.userIds ?? []) ids.add(id);
  for (const id of [a.resolvedByUserId, a.statusUpdatedByUserId]) {
    if (typeof id === 'string') ids.add(id);
  }
  for (const c of a.comments) {
    for (const t of c.taggedUserContacts) ids.add(t.userId);
    for (const id of [...mentionedIds(c.commentText), ...mentionedIds(c.commentHtml)]) ids.add(id);
  }
  return [...ids];
}

/**
 * The comment ids of new comments: given ones kept, others numbered after the highest. A
 * given id already in use, in the annotation or the same call, is INVALID_ARGUMENT.
 */
export function numberComments<T extends { commentId?: number }>(
  existing: Comment[],
  incoming: T[],
  field: string,
): (T & { commentId: number })[] {
  const used = new Set(existing.map((c) => c.commentId));
  for (const { commentId } of incoming) {
    if (commentId === undefined) continue;
    if (used.has(commentId)) {
      throw CollaborationError.invalidField(field, `commentId ${commentId} is used twice`);
    }
    used.add(commentId);
  }
  let next = Math.max(0, ...used);
  return incoming.map((c) => ({ ...c, commentId: c.commentId ?? ++next }));
}

/** A visibility without the erased users among those it names. */
export const visibleWithout = (v: AnnotationVisibility, who: Identities): AnnotationVisibility =>
  v.userIds ? { ...v, userIds: v.userIds.filter((id) => !who.ids.has(id)) } : v;

/**
 * A free-form value (a suggestion, an agent's finding, attachments, a context) with every
 * string in it, keys too, scrubbed of the erased users (D8.3): its shape is kept.
 */
export function scrubFree<T>(value: T, who: Identities): T {
  if (typeof value === 'string') return who.scrub(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubFree(item, who)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Own-key write: a key that is data (`__proto__`) stays a plain key.
    Object.defineProperty(out, who.scrub(key), {
      value: scrubFree(item, who),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}

/** The free-form fields of an annotation (and of its creation and detail events). */
export const ANNOTATION_FREE_FIELDS = [
  'location',
  'targetElement',
  'status',
  'priority',
  'context',
  'suggestion',
  'agent',
] as const;

/** The free-form fields of a comment (and of the events that write one). */
export const COMMENT_FREE_FIELDS = ['attachments', 'agent', 'context'] as const;

/** `o` with the given free-form fields scrubbed (`scrubFree`); the others as they were. */
export function scrubFields<T extends object>(o: T, keys: readonly string[], who: Identities): T {
  const out = { ...o } as Record<string, unknown>;
  for (const key of keys) if (out[key] != null) out[key] = scrubFree(out[key], who);
  return out as T;
}

/** Learns every name and email the annotation shows for the erased users. */
export function learnFromAnnotation(a: CommentAnnotation, who: Identities): void {
  annotationAuthors(a).forEach((u) => who.learn(u));
  who.learn(a.assignedTo);
  a.comments.forEach((c) =>
    c.taggedUserContacts.forEach((t) => who.learn(t.contact ?? { userId: t.userId })),
  );
}

/**
 * The annotation without the erased users (D8.3), or null when one of them wrote it: their
 * comments and reactions go, their tags go, mentions of them read "@[deleted user]" (in the
 * free-form fields too), and an assignment to them is cleared.
 */
export function eraseFromAnnotation(
  a: CommentAnnotation,
  who: Identities,
): CommentAnnotation | null {
  if (who.has(a.from)) return null;
  const { assignedTo, resolvedByUserId, statusUpdatedByUserId, ...rest } = a;
  const kept = (id: unknown) => typeof id === 'string' && !who.ids.has(id);
  return {
    ...scrubFields(rest, ANNOTATION_FREE_FIELDS, who),
    ...(assignedTo && !who.has(assignedTo) && { assignedTo }),
    ...(a.visibility && { visibility: visibleWithout(a.visibility, who) }),
    ...(kept(resolvedByUserId) && { resolvedByUserId }),
    ...(kept(statusUpdatedByUserId) && { statusUpdatedByUserId }),
    comments: a.comments
      .filter((c) => !who.has(c.from))
      .map((c) => ({
        ...scrubFields(c, COMMENT_FREE_FIELDS, who),
        commentText: who.scrub(c.commentText),
        commentHtml: who.scrub(c.commentHtml),
        taggedUserContacts: c.taggedUserContacts.filter((t) => !who.ids.has(t.userId)),
        reactions: c.reactions.filter((r) => !who.has(r.from)),
      })),
  };
}
