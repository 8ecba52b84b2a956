import type { RecordEventData } from './collab-record.events';
import type { CollaborationEvent } from './collaboration.events';
import type { CommentWritten } from './comment-annotation.events';
import {
  ANNOTATION_FREE_FIELDS,
  COMMENT_FREE_FIELDS,
  scrubFields,
  visibleWithout,
  type TaggedContact,
} from './kinds/comment-annotation';
import type { CollabUser, Identities } from './kinds/people';
import { KIND_RULES } from './kinds/record-kinds';

/** What a snapshot of a record that had to go whole becomes. */
const ERASED_RECORD = { erased: true };

/** An event whose subject was an erased user: only the record it is about and its time stay. */
const erasedEvent = (d: RecordEventData): RecordEventData => ({
  apiKey: d.apiKey,
  organizationId: d.organizationId,
  documentId: d.documentId,
  kind: d.kind,
  recordId: d.recordId,
  at: d.at,
  erased: true,
});

/** A snapshot an earlier erasure emptied: nothing of anyone is left in it. */
const emptied = (record: unknown) => (record as { erased?: boolean } | undefined)?.erased === true;

/**
 * Who wrote each comment of an annotation, as its events tell in order (a comment id may be
 * used again after a delete): an edit of an erased user's comment is theirs to erase too.
 */
export class CommentAuthors {
  private readonly authors = new Map<number, string>();

  note(event: CollaborationEvent): void {
    const d = event.data;
    if (d.erased) return;
    switch (event.type) {
      case 'collaboration.comment-annotation-created':
        for (const c of event.data.comments) this.authors.set(c.commentId, c.from.userId);
        return;
      case 'collaboration.comment-added':
        this.authors.set(event.data.commentId, event.data.from.userId);
        return;
      case 'collaboration.legacy-snapshot':
      case 'collaboration.record-moved':
      case 'collaboration.record-erased': {
        const comments = (
          event.data.record as { comments?: { commentId: number; from?: CollabUser }[] }
        )?.comments;
        if (!Array.isArray(comments)) return;
        this.authors.clear();
        for (const c of comments) if (c.from) this.authors.set(c.commentId, c.from.userId);
      }
    }
  }

  of(commentId: number): string | undefined {
    return this.authors.get(commentId);
  }
}

const learnTags = (tags: TaggedContact[] | undefined, who: Identities) =>
  tags?.forEach((t) => who.learn(t.contact ?? { userId: t.userId }));

/** Learns every name and email an event shows for the erased users (before any scrubbing). */
export function learnFromEvent(event: CollaborationEvent, who: Identities): void {
  const d = event.data;
  if (d.erased) return;
  switch (event.type) {
    case 'collaboration.legacy-snapshot':
    case 'collaboration.record-moved':
    case 'collaboration.record-erased':
      if (emptied(event.data.record)) return;
      return KIND_RULES[event.data.kind].learn(event.data.record, who);
    case 'collaboration.comment-annotation-created':
      who.learn(event.data.from);
      who.learn(event.data.assignedTo);
      for (const c of event.data.comments) {
        who.learn(c.from);
        learnTags(c.taggedUsers, who);
      }
      return;
    case 'collaboration.comment-added':
      who.learn(event.data.from);
      return learnTags(event.data.taggedUsers, who);
    case 'collaboration.comment-edited':
      return learnTags(event.data.taggedUsers, who);
    case 'collaboration.annotation-assigned':
      who.learn(event.data.from);
      return who.learn(event.data.to ?? undefined);
    case 'collaboration.annotation-details-changed':
      return who.learn(event.data.to.from);
    case 'collaboration.annotation-users-replaced':
      return event.data.replacements.forEach((r) => [r.oldUser, r.newUser].forEach(who.learn, who));
    case 'collaboration.comment-reaction-added':
    case 'collaboration.reaction-added':
    case 'collaboration.recording-added':
      return who.learn(event.data.from);
    case 'collaboration.presence-joined':
    case 'collaboration.presence-updated':
      return event.data.users.forEach((u) => who.learn(u));
  }
}

function scrubComment<C extends Partial<CommentWritten>>(c: C, who: Identities): C {
  return {
    ...scrubFields(c, COMMENT_FREE_FIELDS, who),
    ...(c.text !== undefined && { text: who.scrub(c.text) }),
    ...(c.html !== undefined && { html: who.scrub(c.html) }),
    ...(c.taggedUsers && { taggedUsers: c.taggedUsers.filter((t) => !who.ids.has(t.userId)) }),
    ...(c.mentionedUserIds && {
      mentionedUserIds: c.mentionedUserIds.filter((id) => !who.ids.has(id)),
    }),
  };
}

const without = <K extends string>(data: object, key: K) => {
  const { [key]: _, ...rest } = data as Record<string, unknown>;
  return rest;
};
const erasedUser = (who: Identities, user: CollabUser | null | undefined) =>
  !!user && who.has(user);

/**
 * A stored event's payload without the erased users (D8.3): an event they are the subject
 * of (they wrote it, edited a comment they wrote, reacted, joined) keeps only its record and
 * time; others lose their tags and mentions of them, and their names in texts read
 * "@[deleted user]". `authors` (noted from the stream's events before this one) tells whose
 * comment an edit changes.
 */
export function eraseFromEvent(
  event: CollaborationEvent,
  who: Identities,
  authors?: CommentAuthors,
): unknown {
  const d = event.data;
  if (d.erased) return d;
  switch (event.type) {
    case 'collaboration.legacy-snapshot':
    case 'collaboration.record-moved':
    case 'collaboration.record-erased': {
      if (emptied(event.data.record)) return d;
      const record = KIND_RULES[event.data.kind].erase(event.data.record, who) ?? ERASED_RECORD;
      return { ...event.data, record };
    }
    case 'collaboration.comment-annotation-created': {
      const e = event.data;
      if (who.has(e.from)) return erasedEvent(e);
      const kept = erasedUser(who, e.assignedTo) ? without(e, 'assignedTo') : e;
      return {
        ...scrubFields(kept, ANNOTATION_FREE_FIELDS, who),
        ...(e.visibility && { visibility: visibleWithout(e.visibility, who) }),
        comments: e.comments.filter((c) => !who.has(c.from)).map((c) => scrubComment(c, who)),
      };
    }
    case 'collaboration.comment-added':
      return who.has(event.data.from) ? erasedEvent(d) : scrubComment(event.data, who);
    case 'collaboration.comment-edited': {
      // The new text of a comment they wrote is theirs: it goes with the comment.
      const author = authors?.of(event.data.commentId);
      return author && who.ids.has(author) ? erasedEvent(d) : scrubComment(event.data, who);
    }
    case 'collaboration.annotation-assigned': {
      const e = event.data;
      const kept = erasedUser(who, e.from) ? without(e, 'from') : e;
      return erasedUser(who, e.to) ? { ...kept, to: null } : kept;
    }
    case 'collaboration.annotation-details-changed': {
      // An erased author is left out; an erased resolver or status changer is cleared.
      const { from, ...to } = event.data.to;
      for (const key of ['statusUpdatedByUserId', 'resolvedByUserId'] as const) {
        const id = to[key];
        if (id && who.ids.has(id)) to[key] = null;
      }
      const details = scrubFields(to, ANNOTATION_FREE_FIELDS, who);
      return { ...event.data, to: { ...details, ...(from && !who.has(from) && { from }) } };
    }
    case 'collaboration.annotation-status-changed':
    case 'collaboration.annotation-priority-changed':
    case 'collaboration.annotation-context-changed':
      // Free-form values: a name or email in them reads "@[deleted user]".
      return scrubFields(event.data, ['from', 'to'], who);
    case 'collaboration.annotation-users-replaced': {
      const replacements = event.data.replacements.filter(
        (r) => !who.has(r.oldUser) && !who.has(r.newUser),
      );
      return replacements.length === 0 ? erasedEvent(d) : { ...event.data, replacements };
    }
    case 'collaboration.comment-reaction-added':
    case 'collaboration.reaction-added':
    case 'collaboration.recording-added':
      return who.has(event.data.from) ? erasedEvent(d) : d;
    case 'collaboration.comment-reaction-removed':
      return who.ids.has(event.data.userId) ? erasedEvent(d) : d;
    case 'collaboration.crdt-created':
    case 'collaboration.crdt-updated':
      return who.ids.has(event.data.lastUpdatedBy) ? { ...event.data, lastUpdatedBy: '' } : d;
    case 'collaboration.presence-joined': {
      const users = event.data.users.filter((u) => !who.has(u));
      return users.length === 0 ? erasedEvent(d) : { ...event.data, users };
    }
    case 'collaboration.presence-updated': {
      const users = event.data.users.filter((u) => !who.has(u));
      return users.length === 0 ? erasedEvent(d) : { ...event.data, users };
    }
    case 'collaboration.presence-left': {
      const userIds = event.data.userIds.filter((id) => !who.ids.has(id));
      return userIds.length === 0 ? erasedEvent(d) : { ...event.data, userIds };
    }
    default:
      return d;
  }
}
