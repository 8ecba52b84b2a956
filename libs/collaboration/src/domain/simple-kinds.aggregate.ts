import { CollabRecord } from './collab-record.aggregate';
import { CollaborationError } from './collaboration.error';
import type { CollabUser, Location } from './kinds/people';
import type {
  CrdtRecord,
  CrdtType,
  ElementReaction,
  Presence,
  Recording,
  RecordingExtras,
} from './kinds/simple-kinds';
import {
  CrdtCreated,
  CrdtUpdated,
  PresenceJoined,
  PresenceLeft,
  PresenceUpdated,
  ReactionAdded,
  ReactionRemoved,
  RecordingAdded,
  RecordingDeleted,
  type CrdtWritten,
  type PresenceChange,
} from './simple-kinds.events';

/** An element reaction (D10 `/v2/reactions/*`). */
export class ReactionRecord extends CollabRecord<ElementReaction> {
  add(
    input: { icon: string; from: CollabUser; location?: Location; targetElementId?: string },
    at: number,
  ): void {
    if (this.state) throw new CollaborationError('ALREADY_EXISTS', 'Reaction already exists.');
    this.record(ReactionAdded, input, at);
  }

  delete(at: number): void {
    if (!this.state) throw new CollaborationError('NOT_FOUND', 'Reaction not found.');
    this.record(ReactionRemoved, {}, at);
  }
}

/** A recording (D10 `/v2/recordings/*`). */
export class RecordingRecord extends CollabRecord<Recording> {
  add(
    input: RecordingExtras & {
      from: CollabUser;
      recordingType?: string;
      displayName?: string;
      location?: Location;
      attachments?: Record<string, unknown>[];
    },
    at: number,
  ): void {
    if (this.state) throw new CollaborationError('ALREADY_EXISTS', 'Recording already exists.');
    this.record(
      RecordingAdded,
      {
        from: input.from,
        recordingType: input.recordingType ?? 'screen',
        displayName: input.displayName ?? `Recording ${this.ref.recordId}`,
        ...(input.location && { location: input.location }),
        attachments: input.attachments ?? [],
        ...(input.mode !== undefined && { mode: input.mode }),
        ...(input.recordedTime && { recordedTime: input.recordedTime }),
        ...(input.latestVersion !== undefined && { latestVersion: input.latestVersion }),
      },
      at,
    );
  }

  delete(at: number): void {
    if (!this.state) throw new CollaborationError('NOT_FOUND', 'Recording not found.');
    this.record(RecordingDeleted, {}, at);
  }
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

/** An editor's CRDT state as callers write it. */
export interface CrdtInput {
  type: CrdtType;
  data: unknown;
  lastUpdatedBy?: string;
  sessionId?: string | null;
  location?: Location;
  contentKey?: string;
}

/** One editor's CRDT state (spec "CRDT store record"; D10 `/v2/crdt/*`). */
export class CrdtEditorRecord extends CollabRecord<CrdtRecord> {
  create(input: CrdtInput, at: number): void {
    if (this.state) {
      throw new CollaborationError(
        'ALREADY_EXISTS',
        'CRDT data already exists for this editor ID.',
      );
    }
    this.record(CrdtCreated, this.written(input), at);
  }

  update(input: CrdtInput, at: number): void {
    if (!this.state) {
      throw new CollaborationError('NOT_FOUND', 'No CRDT data found for this editor ID.');
    }
    this.record(CrdtUpdated, this.written(input), at);
  }

  /** `data` must have the shape of `type` (hosted rule). */
  private written(input: CrdtInput): CrdtWritten {
    if (!SHAPE[input.type](input.data)) {
      throw CollaborationError.invalidField(
        'data.data',
        `Data must be ${SHAPE_NAME[input.type]} for type ${input.type}.`,
      );
    }
    return {
      editorId: this.ref.recordId,
      type: input.type,
      data: input.data,
      lastUpdatedBy: input.lastUpdatedBy ?? '',
      sessionId: input.sessionId ?? null,
      ...(input.location && { location: input.location }),
      ...(input.contentKey !== undefined && { contentKey: input.contentKey }),
    };
  }
}

/** The one presence record of a document. */
export const PRESENCE_RECORD_ID = 'presence';

/** The users present on a document (D10 `/v2/presence/*`, operation 21). */
export class PresenceRecord extends CollabRecord<Presence> {
  /** Users join, or refresh their presence. */
  join(users: (CollabUser & { status?: string })[], at: number): void {
    this.record(PresenceJoined, { users }, at);
  }

  /**
   * Present users' name, email or status change; a user not present is left out (the call
   * updates presence, it does not make anyone present), and so is a change that changes nothing.
   */
  update(changes: PresenceChange[], at: number): void {
    const present = new Map((this.state?.users ?? []).map((u) => [u.userId, u]));
    const users = changes.filter((change) => {
      const user = present.get(change.userId);
      return user && Object.entries(change).some(([k, v]) => user[k as keyof typeof user] !== v);
    });
    if (users.length > 0) this.record(PresenceUpdated, { users }, at);
  }

  /** Operation 21: the given users leave; users not present change nothing. */
  leave(userIds: string[], at: number): void {
    const present = new Set((this.state?.users ?? []).map((u) => u.userId));
    const leaving = [...new Set(userIds)].filter((id) => present.has(id));
    if (leaving.length > 0) this.record(PresenceLeft, { userIds: leaving }, at);
  }
}
