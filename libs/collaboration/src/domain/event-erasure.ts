import type { RecordEventData } from './collab-record.events';
import type { CollaborationEvent } from './collaboration.events';
import type { CommentWritten } from './comment-annotation.events';
import type { TaggedContact } from './kinds/comment-annotation';
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
      return KIND_RULES[event.data.kind].learn(event.data.record, who);
    case 'comment-annotation.created':
      who.learn(event.data.from);
      who.learn(event.data.assignedTo);
      for (const c of event.data.comments) {
        who.learn(c.from);
        learnTags(c.taggedUsers, who);
      }
      return;
    case 'comment.added':
      who.learn(event.data.from);
      return learnTags(event.data.taggedUsers, who);
    case 'comment.edited':
      return learnTags(event.data.taggedUsers, who);
    case 'annotation.assigned':
      who.learn(event.data.from);
      return who.learn(event.data.to ?? undefined);
    case 'comment.reaction-added':
    case 'reaction.added':
    case 'recording.added':
      return who.learn(event.data.from);
    case 'presence.joined':
      return event.data.users.forEach((u) => who.learn(u));
  }
}

function scrubComment<C extends Partial<CommentWritten>>(c: C, who: Identities): C {
  return {
    ...c,
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
 * of (they wrote it, reacted, joined) keeps only its record and time; others lose their
 * tags and mentions of them, and their names in texts read "@[deleted user]".
 */
export function eraseFromEvent(event: CollaborationEvent, who: Identities): unknown {
  const d = event.data;
  if (d.erased) return d;
  switch (event.type) {
    case 'collaboration.legacy-snapshot':
    case 'collaboration.record-moved':
    case 'collaboration.record-erased': {
      const record = KIND_RULES[event.data.kind].erase(event.data.record, who) ?? ERASED_RECORD;
      return { ...event.data, record };
    }
    case 'comment-annotation.created': {
      const e = event.data;
      if (who.has(e.from)) return erasedEvent(e);
      return {
        ...(erasedUser(who, e.assignedTo) ? without(e, 'assignedTo') : e),
        comments: e.comments.filter((c) => !who.has(c.from)).map((c) => scrubComment(c, who)),
      };
    }
    case 'comment.added':
      return who.has(event.data.from) ? erasedEvent(d) : scrubComment(event.data, who);
    case 'comment.edited':
      return scrubComment(event.data, who);
    case 'annotation.assigned': {
      const e = event.data;
      const kept = erasedUser(who, e.from) ? without(e, 'from') : e;
      return erasedUser(who, e.to) ? { ...kept, to: null } : kept;
    }
    case 'comment.reaction-added':
    case 'reaction.added':
    case 'recording.added':
      return who.has(event.data.from) ? erasedEvent(d) : d;
    case 'comment.reaction-removed':
      return who.ids.has(event.data.userId) ? erasedEvent(d) : d;
    case 'crdt.created':
    case 'crdt.updated':
      return who.ids.has(event.data.lastUpdatedBy) ? { ...event.data, lastUpdatedBy: '' } : d;
    case 'presence.joined': {
      const users = event.data.users.filter((u) => !who.has(u));
      return users.length === 0 ? erasedEvent(d) : { ...event.data, users };
    }
    case 'presence.left': {
      const userIds = event.data.userIds.filter((id) => !who.ids.has(id));
      return userIds.length === 0 ? erasedEvent(d) : { ...event.data, userIds };
    }
    default:
      return d;
  }
}
