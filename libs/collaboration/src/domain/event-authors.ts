import type { RecordedEvent } from '@app/event-store';
import type { CollaborationEvent } from './collaboration.events';
import { LEGACY_RECORD_SAVED } from './collab-record.events';
import { authorsOf } from './kinds/record-kinds';
import { requireUser, type CollabUser } from './kinds/people';

/**
 * Types of the events that can make someone an author (D8.1); the subscription runner also
 * reads the names they were stored under before (their upcasters' `newType`).
 */
export const AUTHORING_EVENT_TYPES = [
  'collaboration.comment-annotation-created',
  'collaboration.comment-added',
  'collaboration.comment-reaction-added',
  'collaboration.annotation-details-changed',
  'collaboration.annotation-users-replaced',
  'collaboration.reaction-added',
  'collaboration.recording-added',
  'collaboration.record-moved',
  // The type old snapshots are read as, and stored as once erasure rewrites them.
  'collaboration.legacy-snapshot',
  LEGACY_RECORD_SAVED,
];

/**
 * Who wrote something an event records, and where: public for the users library (D8.1).
 * Throws on an author that is not a well-formed user, rather than answer half of them.
 */
export function authorsIn(event: RecordedEvent): {
  apiKey: unknown;
  organizationId: unknown;
  authors: CollabUser[];
} {
  const e = event as unknown as CollaborationEvent;
  const { apiKey, organizationId } = e.data;
  const found = (): unknown[] => {
    if (e.data.erased) return [];
    switch (e.type) {
      case 'collaboration.comment-annotation-created':
        return [e.data.from, ...(e.data.comments ?? []).map((c) => c.from)];
      case 'collaboration.comment-added':
      case 'collaboration.comment-reaction-added':
      case 'collaboration.reaction-added':
      case 'collaboration.recording-added':
        return [e.data.from];
      // A new author, or users standing in for others (hosted update).
      case 'collaboration.annotation-details-changed':
        return e.data.to.from ? [e.data.to.from] : [];
      case 'collaboration.annotation-users-replaced':
        return e.data.replacements.map((r) => r.newUser);
      case 'collaboration.legacy-snapshot':
      case 'collaboration.record-moved':
        if ((e.data.record as { erased?: boolean } | undefined)?.erased) return [];
        return authorsOf(e.data.kind, e.data.record);
      default:
        return [];
    }
  };
  const authors = found().map((a, i) => requireUser(a, `author ${i + 1} of a ${e.data.kind}`));
  return { apiKey, organizationId, authors };
}
