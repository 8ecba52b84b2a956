import type { CrdtWritten } from '../simple-kinds.events';
import type { CollabUser, Identities, Location } from './people';

/** An element reaction (D10 `/v2/reactions/*`). */
export interface ElementReaction extends Record<string, unknown> {
  reactionId: string;
  icon: string;
  from: CollabUser;
  location?: Location;
  targetElementId?: string;
  createdAt: number;
}

/** A recording (D10 `/v2/recordings/*`). */
export interface Recording extends Record<string, unknown> {
  recordingId: string;
  from: CollabUser;
  recordingType: string;
  displayName: string;
  location?: Location;
  attachments: Record<string, unknown>[];
  /** Hosted recorder fields, kept only when given. */
  mode?: string;
  recordedTime?: RecordedTime;
  latestVersion?: number;
  createdAt: number;
}

/** How long a recording is: milliseconds, and as shown (`00:00:04`). */
export interface RecordedTime {
  duration: number;
  display?: string;
}

/** What a recording shows on its own (hosted `mode`, `recordedTime`, `latestVersion`). */
export interface RecordingExtras {
  mode?: string;
  recordedTime?: RecordedTime;
  latestVersion?: number;
}

export const CRDT_TYPES = ['text', 'map', 'array', 'xml'] as const;
export type CrdtType = (typeof CRDT_TYPES)[number];

/** An editor's CRDT store record (spec "CRDT store record"; D10 `/v2/crdt/*`): as written, and when. */
export interface CrdtRecord extends CrdtWritten, Record<string, unknown> {
  lastUpdate: number;
}

/** The users present on a document (D10 `/v2/presence/*`, operation 21). */
export interface Presence extends Record<string, unknown> {
  users: (CollabUser & { status?: string; lastSeen: number })[];
}

/** Everyone a CRDT record involves: its last editor, known by id only. */
export const crdtPeople = (r: CrdtRecord) => [r.lastUpdatedBy].filter(Boolean);

/** Erasure of the simple kinds: a record by an erased user goes; presence loses them. */
export const eraseAuthored = <R extends { from: CollabUser }>(r: R, who: Identities) =>
  who.has(r.from) ? null : r;

/**
 * A CRDT record is a shared document's state, not one person's: it stays, and no longer
 * says an erased user wrote it last.
 */
export const eraseFromCrdt = (r: CrdtRecord, who: Identities): CrdtRecord =>
  who.ids.has(r.lastUpdatedBy) ? { ...r, lastUpdatedBy: '' } : r;

export const eraseFromPresence = (p: Presence, who: Identities): Presence | null => {
  const users = p.users.filter((u) => !who.has(u));
  return users.length === 0 ? null : { users };
};
