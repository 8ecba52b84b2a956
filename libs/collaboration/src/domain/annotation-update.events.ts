import { defineEvent } from '@app/event-store';
import type { RecordEventData } from './collab-record.events';
import type { TargetElement } from './kinds/annotation-fields';
import type { CollabUser, Location } from './kinds/people';

/**
 * The hosted update fields an annotation keeps as given: where it is, what it points at, who
 * wrote it, its proposed change, and who last changed its status and who resolved it. A
 * `null` id clears it.
 */
export interface AnnotationDetails {
  location?: Location;
  targetElement?: TargetElement;
  from?: CollabUser;
  suggestion?: Record<string, unknown>;
  statusUpdatedByUserId?: string | null;
  resolvedByUserId?: string | null;
}

/** A user of an annotation replaced by another wherever it appears (hosted `updateUsers`). */
export interface UserReplacement {
  oldUser: CollabUser;
  newUser: CollabUser;
}

/** Details changed; fields not given are as they were. */
export const AnnotationDetailsChanged = defineEvent<RecordEventData & { to: AnnotationDetails }>()(
  'collaboration.annotation-details-changed',
);

/** Users replaced by others: author, assignee, commenters, reactors and tagged contacts. */
export const AnnotationUsersReplaced = defineEvent<
  RecordEventData & { replacements: UserReplacement[] }
>()('collaboration.annotation-users-replaced');

export const ANNOTATION_UPDATE_EVENTS = { AnnotationDetailsChanged, AnnotationUsersReplaced };
