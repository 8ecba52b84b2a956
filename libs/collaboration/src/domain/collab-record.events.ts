import { defineEvent } from '@app/event-store';

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
 * What every collaboration event carries: the record it is about (so a subscriber needs no
 * replay) and when it happened. `erased` marks an event whose subject was an erased user
 * (D8.3): its payload is gone and folding it changes nothing.
 */
export type RecordEventData = RecordRef & { at: number; erased?: true };

/** Why a record went without a delete operation of its own kind. */
export type RemovalReason = 'location' | 'document' | 'migration' | 'erasure' | 'request';

/**
 * A record removed by something other than its own delete operation: operation 13
 * (`location`), its document deleted (`document`) or migrated away (`migration`), its author
 * erased (`erasure`). Deletions stored before the events had names read as `request`.
 */
export const RecordRemoved = defineEvent<RecordEventData & { reason: RemovalReason }>()(
  'collaboration.record-removed',
);

/** A record arrived in this document from `fromDocumentId` (a migration, D6.7): whole. */
export const RecordMoved = defineEvent<
  RecordEventData & { fromDocumentId: string; record: Record<string, unknown> }
>()('collaboration.record-moved');

/** A record as erasure left it (D8.3): whole, without the erased users. */
export const RecordErased = defineEvent<RecordEventData & { record: Record<string, unknown> }>()(
  'collaboration.record-erased',
);

/**
 * A record as the first version of this server stored it (`collaboration.record-saved`,
 * schema 1): the whole record after a change, and the hosted `action` it amounted to. Only
 * made by the upcaster; folding it means "the record is now this".
 */
export const LegacySnapshot = defineEvent<
  RecordEventData & { action: string; record: Record<string, unknown>; subIds?: string[] }
>()('collaboration.legacy-snapshot');

/** Stored types of the first version, read through the upcasters of `legacy-events.ts`. */
export const LEGACY_RECORD_SAVED = 'collaboration.record-saved';
export const LEGACY_RECORD_DELETED = 'collaboration.record-deleted';

export const RECORD_LIFECYCLE_EVENTS = { RecordRemoved, RecordMoved, RecordErased, LegacySnapshot };
