import { defineEvent, type EventOf } from '@app/event-store';

/** The feature an activity record comes from (spec operation 18). */
export const FEATURE_TYPES = ['comment', 'reaction', 'recorder', 'crdt', 'custom'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

/** A person as an activity record names them: the hosted user object, extra fields kept. */
export interface ActivityUser extends Record<string, unknown> {
  userId: string;
  name?: string;
  email?: string;
}

/** One changed field of a record: its value before and after (hosted `ActivityChange`). */
export interface ActivityChange {
  from?: unknown;
  to?: unknown;
}

/** Every activity event names the record it is about (D4.2: ids are per organization). */
export interface ActivityRef {
  apiKey: string;
  organizationId: string;
  activityId: string;
}

/**
 * What an activity record says (spec "Activity log record", hosted `ActivityRecord`), apart
 * from its ids. `immutable` is stamped from the key's activity config when it is written
 * (D7.5) and never changes afterwards.
 */
export interface ActivityContent {
  documentId: string;
  location?: { id: string } & Record<string, unknown>;
  featureType: FeatureType;
  actionType: string;
  eventType?: string;
  actionUser: ActivityUser;
  targetEntityId?: string;
  targetSubEntityId?: string | null;
  changes?: Record<string, ActivityChange>;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string;
  displayMessageTemplateData?: Record<string, unknown>;
  actionIcon?: string;
  isActivityResolverUsed?: boolean;
  immutable: boolean;
  /** Server time of the write (epoch ms): pages are ordered by it, then by id. */
  timestamp: number;
}

/** Fields operation 19 may change; only those given. */
export type ActivityAmendment = Partial<
  Pick<
    ActivityContent,
    | 'changes'
    | 'entityData'
    | 'entityTargetData'
    | 'displayMessageTemplate'
    | 'displayMessageTemplateData'
    | 'actionIcon'
  >
>;

/** Logged by operation 18 or derived from a collaboration change; an id given again replaces it. */
export const ActivityLogged = defineEvent<ActivityRef & ActivityContent>()(
  'activities.activity-logged',
);

/** Operation 19 changed some of its fields. */
export const ActivityAmended = defineEvent<
  ActivityRef & { amendment: ActivityAmendment; at: number }
>()('activities.activity-amended');

export const ActivityDeleted = defineEvent<ActivityRef & { at: number }>()(
  'activities.activity-deleted',
);

/** Its document was migrated to a new id (D6.7); the record follows it. */
export const ActivityMoved = defineEvent<
  ActivityRef & { fromDocumentId: string; documentId: string; at: number }
>()('activities.activity-moved');

/**
 * Users were erased from it (D8.3): the content as erasure left it, whole, so the read table
 * is rebuilt from this event alone.
 */
export const ActivityErased = defineEvent<ActivityRef & { content: ActivityContent; at: number }>()(
  'activities.activity-erased',
);

export const ACTIVITY_EVENTS = {
  ActivityLogged,
  ActivityAmended,
  ActivityDeleted,
  ActivityMoved,
  ActivityErased,
};
export type ActivityEvent = EventOf<typeof ACTIVITY_EVENTS>;
