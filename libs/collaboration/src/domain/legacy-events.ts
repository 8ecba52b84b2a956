import type { RecordedEvent, Upcaster } from '@app/event-store';
import {
  LEGACY_RECORD_DELETED,
  LEGACY_RECORD_SAVED,
  LegacySnapshot,
  RecordRemoved,
} from './collab-record.events';

/**
 * The first version stored one event per change holding the whole record
 * (`collaboration.record-saved`, schema 1) and `collaboration.record-deleted`. They are read
 * as a snapshot ("the record is now this") and a removal. The payload is kept as stored, so
 * erasure can rewrite it in place and it still reads the same way.
 */
export function upcastRecordSaved(e: RecordedEvent): RecordedEvent {
  return { ...e, type: LegacySnapshot.type };
}

export function upcastRecordDeleted(e: RecordedEvent): RecordedEvent {
  return { ...e, type: RecordRemoved.type };
}

export const LEGACY_UPCASTERS: Upcaster[] = [
  {
    type: LEGACY_RECORD_SAVED,
    schemaVersion: 1,
    newType: LegacySnapshot.type,
    upcast: upcastRecordSaved,
  },
  {
    type: LEGACY_RECORD_DELETED,
    schemaVersion: 1,
    newType: RecordRemoved.type,
    upcast: upcastRecordDeleted,
  },
];
