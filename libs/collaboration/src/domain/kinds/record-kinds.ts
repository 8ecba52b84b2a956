import type { RecordKind } from '../collab-record.events';
import {
  annotationPeople,
  eraseFromAnnotation,
  type CommentAnnotation,
} from './comment-annotation';
import type { Identities, Location } from './people';
import {
  crdtPeople,
  eraseAuthored,
  eraseFromCrdt,
  eraseFromPresence,
  presencePeople,
  reactionPeople,
  recordingPeople,
  type CrdtRecord,
  type ElementReaction,
  type Presence,
  type Recording,
} from './simple-kinds';

interface KindRules {
  /** Users the record involves (the `user_ids` read column, used by erasure). */
  people(record: any): string[];
  /** The record without the erased users, or null when it must go whole. */
  erase(record: any, who: Identities): Record<string, unknown> | null;
}

/** Per kind: who a record involves and how erasure (D8.3) treats it. */
export const KIND_RULES: Record<RecordKind, KindRules> = {
  'comment-annotation': {
    people: (r: CommentAnnotation) => annotationPeople(r),
    erase: (r: CommentAnnotation, who) => eraseFromAnnotation(r, who),
  },
  reaction: { people: (r: ElementReaction) => reactionPeople(r), erase: eraseAuthored },
  recording: { people: (r: Recording) => recordingPeople(r), erase: eraseAuthored },
  crdt: { people: (r: CrdtRecord) => crdtPeople(r), erase: eraseFromCrdt },
  presence: { people: (r: Presence) => presencePeople(r), erase: eraseFromPresence },
};

export function locationOf(record: Record<string, unknown>): Location | undefined {
  return record.location as Location | undefined;
}
