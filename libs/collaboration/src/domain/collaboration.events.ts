import type { EventOf } from '@app/event-store';
import {
  LEGACY_RECORD_DELETED,
  LEGACY_RECORD_SAVED,
  RECORD_LIFECYCLE_EVENTS,
} from './collab-record.events';
import { ANNOTATION_UPDATE_EVENTS } from './annotation-update.events';
import { COMMENT_ANNOTATION_EVENTS } from './comment-annotation.events';
import { RENAMED_EVENT_TYPES } from './renamed-event-types';
import { SIMPLE_KIND_EVENTS } from './simple-kinds.events';

/** Every event a collaboration record's stream holds, as code reads it. */
export const COLLABORATION_EVENTS = {
  ...COMMENT_ANNOTATION_EVENTS,
  ...ANNOTATION_UPDATE_EVENTS,
  ...SIMPLE_KIND_EVENTS,
  ...RECORD_LIFECYCLE_EVENTS,
};
export type CollaborationEvent = EventOf<typeof COLLABORATION_EVENTS>;

/** The types read from the log today (upcast ones included). */
export const COLLABORATION_EVENT_TYPES: string[] = Object.values(COLLABORATION_EVENTS).map(
  (e) => e.type,
);

/**
 * The types a record's stream may hold in the table: today's, the first version's and the
 * names before the `collaboration.` prefix.
 */
export const STORED_COLLABORATION_TYPES: string[] = [
  ...COLLABORATION_EVENT_TYPES,
  LEGACY_RECORD_SAVED,
  LEGACY_RECORD_DELETED,
  ...Object.keys(RENAMED_EVENT_TYPES),
];
