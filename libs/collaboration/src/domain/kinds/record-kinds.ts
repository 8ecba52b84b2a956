import type { RecordKind } from '../collab-record.events';
import {
  annotationAuthors,
  annotationPeople,
  eraseFromAnnotation,
  learnFromAnnotation,
  type CommentAnnotation,
} from './comment-annotation';
import { requireUser, type CollabUser, type Identities, type Location } from './people';
import {
  crdtPeople,
  eraseAuthored,
  eraseFromCrdt,
  eraseFromPresence,
  type CrdtRecord,
  type ElementReaction,
  type Presence,
  type Recording,
} from './simple-kinds';

interface KindRules {
  /** Who wrote something in the record (they become known users, D8.1). */
  authors(record: any): CollabUser[];
  /** Users the record involves (the `user_ids` read column). */
  people(record: any): string[];
  /** Learns the names and emails the record shows for the erased users. */
  learn(record: any, who: Identities): void;
  /** The record without the erased users, or null when it must go whole (D8.3). */
  erase(record: any, who: Identities): Record<string, unknown> | null;
}

/** The rules of a record written by one person (`from`): reactions and recordings. */
const authored: KindRules = {
  authors: (r: { from: CollabUser }) => [r.from],
  people: (r: { from: CollabUser }) => [r.from.userId],
  learn: (r: { from: CollabUser }, who) => who.learn(r.from),
  erase: eraseAuthored,
};

/** Per kind: who a record involves and how erasure (D8.3) treats it. */
export const KIND_RULES: Record<RecordKind, KindRules> = {
  'comment-annotation': {
    authors: (r: CommentAnnotation) => annotationAuthors(r),
    people: (r: CommentAnnotation) => annotationPeople(r),
    learn: (r: CommentAnnotation, who) => learnFromAnnotation(r, who),
    erase: (r: CommentAnnotation, who) => eraseFromAnnotation(r, who),
  },
  reaction: authored as KindRules & { erase(r: ElementReaction, who: Identities): unknown },
  recording: authored as KindRules & { erase(r: Recording, who: Identities): unknown },
  crdt: {
    authors: () => [],
    people: (r: CrdtRecord) => crdtPeople(r),
    learn: () => undefined,
    erase: eraseFromCrdt,
  },
  presence: {
    authors: () => [],
    people: (p: Presence) => p.users.map((u) => u.userId),
    learn: (p: Presence, who) => p.users.forEach((u) => who.learn(u)),
    erase: eraseFromPresence,
  },
};

/**
 * Who wrote something in a record of `kind`: public for the users library (D8.1). Throws
 * on a record whose authors are not well-formed users, rather than answer half of them.
 */
export function authorsOf(kind: RecordKind, record: Record<string, unknown>): CollabUser[] {
  const rules = KIND_RULES[kind];
  if (!rules) throw new Error(`Malformed record: unknown kind ${JSON.stringify(kind)}`);
  let authors: unknown[];
  try {
    authors = rules.authors(record);
  } catch (err) {
    // A missing list (comments, reactions) or a record that is not an object.
    throw new Error(`Malformed record: the authors of a ${kind} cannot be read (${err})`);
  }
  return authors.map((author, i) => requireUser(author, `author ${i + 1} of a ${kind}`));
}

export function locationOf(record: Record<string, unknown>): Location | undefined {
  return record.location as Location | undefined;
}
