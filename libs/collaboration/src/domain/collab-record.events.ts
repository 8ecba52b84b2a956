import { defineEvent, type EventOf } from '@app/event-store';

/** The kinds of collaboration data the server keeps (D10). */
export const RECORD_KINDS = [
  'comment-annotation',
  'reaction',
  'recording',
  'crdt',
  'presence',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Where a record lives: every record belongs to one document of one organization of one key. */
export interface RecordRef {
  apiKey: string;
  organizationId: string;
  documentId: string;
  kind: RecordKind;
  recordId: string;
}

/**
 * A record as it now is, whole: reads, webhooks and erasure need no replay. `action` names
 * what happened in the hosted vocabulary (`comment.add`, `comment_annotation.status_change`,
 * `reaction.add`, ...), so later features (webhooks, activities) react to it.
 */
export const RecordSaved = defineEvent<
  RecordRef & { action: string; record: Record<string, unknown>; subIds?: string[]; at: number }
>()('collaboration.record-saved');

/** `reason`: `request` (a delete operation), `location` (op 13), `document` (op 12), `erasure` (op 16), `migration`. */
export const RecordDeleted = defineEvent<RecordRef & { reason: string; at: number }>()(
  'collaboration.record-deleted',
);

export const RECORD_EVENTS = { RecordSaved, RecordDeleted };
export type RecordEvent = EventOf<typeof RECORD_EVENTS>;
