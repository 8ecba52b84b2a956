import { defineEvent } from '@app/event-store';
import type { RecordEventData } from './collab-record.events';
import type { CollabUser, Location } from './kinds/people';
import type { CrdtType, RecordingExtras } from './kinds/simple-kinds';

/** An element reaction (its id is the record id). */
export const ReactionAdded = defineEvent<
  RecordEventData & {
    icon: string;
    from: CollabUser;
    location?: Location;
    targetElementId?: string;
  }
>()('collaboration.reaction-added');

export const ReactionRemoved = defineEvent<RecordEventData>()('collaboration.reaction-removed');

/** A recording (its id is the record id). */
export const RecordingAdded = defineEvent<
  RecordEventData &
    RecordingExtras & {
      from: CollabUser;
      recordingType: string;
      displayName: string;
      location?: Location;
      attachments: Record<string, unknown>[];
    }
>()('collaboration.recording-added');

export const RecordingDeleted = defineEvent<RecordEventData>()('collaboration.recording-deleted');

/** An editor's CRDT state as written: it replaces the previous one whole. */
export interface CrdtWritten {
  editorId: string;
  type: CrdtType;
  data: unknown;
  lastUpdatedBy: string;
  sessionId: string | null;
  location?: Location;
  /** The Yjs key the content is under (hosted; `content` when not given). */
  contentKey?: string;
}

export const CrdtCreated = defineEvent<RecordEventData & CrdtWritten>()(
  'collaboration.crdt-created',
);
export const CrdtUpdated = defineEvent<RecordEventData & CrdtWritten>()(
  'collaboration.crdt-updated',
);

/** Users joined (or refreshed their presence on) a document. */
export const PresenceJoined = defineEvent<
  RecordEventData & { users: (CollabUser & { status?: string })[] }
>()('collaboration.presence-joined');

/** What a presence update changes of a present user: the fields given. */
export type PresenceChange = Pick<CollabUser, 'userId'> &
  Partial<Pick<CollabUser, 'name' | 'email'>> & { status?: string };

/** Present users' name, email or status changed (`/v2/presence/update`); others are not in it. */
export const PresenceUpdated = defineEvent<RecordEventData & { users: PresenceChange[] }>()(
  'collaboration.presence-updated',
);

/** Users left a document; when the last one leaves, the presence record is gone. */
export const PresenceLeft = defineEvent<RecordEventData & { userIds: string[] }>()(
  'collaboration.presence-left',
);

export const SIMPLE_KIND_EVENTS = {
  ReactionAdded,
  ReactionRemoved,
  RecordingAdded,
  RecordingDeleted,
  CrdtCreated,
  CrdtUpdated,
  PresenceJoined,
  PresenceUpdated,
  PresenceLeft,
};
