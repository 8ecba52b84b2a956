import { ServiceError } from '@app/platform';
import type { CollabUser, Location } from './people';
import type { CrdtRecord, CrdtType, ElementReaction, Presence, Recording } from './simple-kinds';

export function newReaction(
  input: { icon: string; from: CollabUser; location?: Location; targetElementId?: string },
  reactionId: string,
  at: number,
): ElementReaction {
  return { reactionId, ...input, createdAt: at };
}

export function newRecording(
  input: {
    from: CollabUser;
    recordingType?: string;
    displayName?: string;
    location?: Location;
    attachments?: Record<string, unknown>[];
  },
  recordingId: string,
  at: number,
): Recording {
  return {
    recordingId,
    from: input.from,
    recordingType: input.recordingType ?? 'screen',
    displayName: input.displayName ?? `Recording ${recordingId}`,
    ...(input.location && { location: input.location }),
    attachments: input.attachments ?? [],
    createdAt: at,
  };
}

const SHAPE: Record<CrdtType, (data: unknown) => boolean> = {
  text: (d) => typeof d === 'string',
  xml: (d) => typeof d === 'string',
  map: (d) => typeof d === 'object' && d !== null && !Array.isArray(d),
  array: (d) => Array.isArray(d),
};

const SHAPE_NAME: Record<CrdtType, string> = {
  text: 'a string',
  xml: 'a string',
  map: 'an object',
  array: 'an array',
};

/** A CRDT record; `data` must have the shape of `type` (hosted rule). */
export function crdtRecord(
  input: {
    editorId: string;
    type: CrdtType;
    data: unknown;
    lastUpdatedBy?: string;
    sessionId?: string | null;
    location?: Location;
  },
  at: number,
): CrdtRecord {
  if (!SHAPE[input.type](input.data)) {
    throw ServiceError.invalidField(
      'data.data',
      `Data must be ${SHAPE_NAME[input.type]} for type ${input.type}.`,
    );
  }
  return {
    editorId: input.editorId,
    type: input.type,
    data: input.data,
    lastUpdatedBy: input.lastUpdatedBy ?? '',
    sessionId: input.sessionId ?? null,
    ...(input.location && { location: input.location }),
    lastUpdate: at,
  };
}

/** Users join (or refresh) a document's presence. */
export function addPresence(
  current: Presence | undefined,
  users: (CollabUser & { status?: string })[],
  at: number,
): Presence {
  const joined = new Map((current?.users ?? []).map((u) => [u.userId, u]));
  for (const user of users) joined.set(user.userId, { ...user, lastSeen: at });
  return { users: [...joined.values()] };
}

/** Operation 21: the given users leave; an empty presence is deleted (null). */
export function removePresence(current: Presence | undefined, userIds: string[]): Presence | null {
  const leaving = new Set(userIds);
  const users = (current?.users ?? []).filter((u) => !leaving.has(u.userId));
  return users.length === 0 ? null : { users };
}

/** The one presence record of a document. */
export const PRESENCE_RECORD_ID = 'presence';
