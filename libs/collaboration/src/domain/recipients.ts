import type { Comment, CommentAnnotation } from './kinds/comment-annotation';
import { mentionedIds, type CollabUser } from './kinds/people';

/** Why a user is told of a change to an annotation (D11.2, and notifications later). */
export type RecipientReason = 'tagged' | 'assigned' | 'participant';

export interface Recipient {
  userId: string;
  name?: string;
  email?: string;
  reason: RecipientReason;
}

const RANK: Record<RecipientReason, number> = { tagged: 0, assigned: 1, participant: 2 };

/**
 * Who is told of a change to an annotation, each user once with the strongest reason:
 * users tagged in the comment the change is about (as a tag or a `{{userId}}` mention; all
 * comments when the change is about the annotation as a whole), the assignee, and the
 * participants (the annotation's author and every commenter). The user who made the change
 * is never told of it. Names and emails come from wherever the annotation shows them.
 */
export function recipientsOf(
  annotation: CommentAnnotation,
  options: { actionUserId?: string; targetComment?: Comment } = {},
): Recipient[] {
  const known = new Map<string, CollabUser>();
  const learn = (user: CollabUser | undefined) => {
    if (!user?.userId) return;
    const seen = known.get(user.userId);
    known.set(user.userId, { ...user, ...seen, userId: user.userId });
  };
  learn(annotation.from);
  learn(annotation.assignedTo);
  for (const c of annotation.comments) {
    learn(c.from);
    for (const t of c.taggedUserContacts) learn(t.contact ? { ...t.contact, userId: t.userId } : t);
  }

  const found = new Map<string, RecipientReason>();
  const add = (userId: string | undefined, reason: RecipientReason) => {
    if (!userId || userId === options.actionUserId) return;
    const before = found.get(userId);
    if (before === undefined || RANK[reason] < RANK[before]) found.set(userId, reason);
  };
  const tagging = options.targetComment ? [options.targetComment] : annotation.comments;
  for (const c of tagging) {
    for (const t of c.taggedUserContacts) add(t.userId, 'tagged');
    for (const id of [...mentionedIds(c.commentText), ...mentionedIds(c.commentHtml)]) {
      add(id, 'tagged');
    }
  }
  add(annotation.assignedTo?.userId, 'assigned');
  add(annotation.from?.userId, 'participant');
  for (const c of annotation.comments) add(c.from?.userId, 'participant');

  return [...found.entries()].map(([userId, reason]) => {
    const user = known.get(userId);
    return {
      userId,
      ...(user?.name && { name: user.name }),
      ...(user?.email && { email: user.email }),
      reason,
    };
  });
}

/**
 * A comment's text for a person to read: HTML tags dropped, entities decoded, and every
 * `{{userId}}` mention written as `@name` (or `@userId` when the name is unknown).
 */
export function plainCommentText(comment: Comment, annotation?: CommentAnnotation): string {
  const names = new Map<string, string>();
  const people = annotation ? [annotation.from, annotation.assignedTo] : [];
  for (const c of annotation?.comments ?? [comment]) {
    people.push(c.from, ...c.taggedUserContacts.map((t) => t.contact));
  }
  for (const u of people)
    if (u?.userId && u.name && !names.has(u.userId)) names.set(u.userId, u.name);
  const text = comment.commentText || comment.commentHtml || '';
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\{\{([^{}]+)\}\}/g, (_, id: string) => `@${names.get(id) ?? id}`);
}
