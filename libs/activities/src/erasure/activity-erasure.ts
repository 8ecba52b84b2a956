import {
  DELETED_USER,
  eraseFromAnnotation,
  learnFromAnnotation,
  type CommentAnnotation,
  type Identities,
} from '@app/collaboration';
import { isPlainObject } from '@app/platform';
import {
  ActivityAmended,
  ActivityErased,
  ActivityLogged,
  type ActivityAmendment,
  type ActivityContent,
  type ActivityEvent,
  type ActivityUser,
} from '../domain/activity.events';

type Json = Record<string, unknown>;

/**
 * What an erased user object in a record becomes (the acting user included): the placeholder
 * the rest of the erasure writes, with the `userId` a record's user always has, so an erased
 * record still reads as the hosted shape and a template still renders it.
 */
export const ERASED_USER: ActivityUser = { userId: DELETED_USER, name: DELETED_USER };

/** An annotation as a record copies it (`entityData`), in the shape collaboration erases. */
function isAnnotation(value: unknown): value is CommentAnnotation {
  return (
    isPlainObject(value) &&
    typeof value.annotationId === 'string' &&
    isPlainObject(value.from) &&
    Array.isArray(value.comments) &&
    value.comments.every(isComment)
  );
}

interface CommentCopy extends Json {
  from: Json;
  commentText: string;
  commentHtml: string;
  taggedUserContacts: unknown[];
  reactions: unknown[];
}

/** A comment as a record copies it (`entityTargetData`). */
function isComment(value: unknown): value is CommentCopy {
  return (
    isPlainObject(value) &&
    isPlainObject(value.from) &&
    typeof value.commentText === 'string' &&
    typeof value.commentHtml === 'string' &&
    Array.isArray(value.taggedUserContacts) &&
    Array.isArray(value.reactions)
  );
}

/** A user object naming an erased user, by userId (or by email when it has none). */
export function namesErased(value: unknown, who: Identities): boolean {
  if (!isPlainObject(value)) return false;
  const { userId, email } = value;
  if (typeof userId === 'string' && userId !== '') return who.ids.has(userId);
  return typeof email === 'string' && email !== '' && who.known.includes(email);
}

/** Whether a key names an erased user: one of their ids or words, or has one as a word in it. */
const namesWord = (key: string, who: Identities): boolean =>
  who.ids.has(key) || who.known.includes(key) || who.scrub(key) !== key;

/** Learns every name and email any user object in `value` shows for an erased user. */
export function learnFromValue(value: unknown, who: Identities): void {
  if (Array.isArray(value)) {
    for (const item of value) learnFromValue(item, who);
  } else if (isPlainObject(value)) {
    if (isAnnotation(value)) learnFromAnnotation(value, who);
    if (typeof value.userId === 'string') who.learn(value as ActivityUser);
    for (const item of Object.values(value)) learnFromValue(item, who);
  }
}

/** Learns the names and emails an activity event shows for the erased users. */
export const learnFromActivityEvent = (event: ActivityEvent, who: Identities): void =>
  learnFromValue(event.data, who);

/**
 * The comment a record copies, by collaboration's rule: one an erased user wrote goes
 * (leaving `{}`); others lose their tags and reactions, and mentions of them read
 * "@[deleted user]".
 */
function eraseFromComment(comment: CommentCopy, who: Identities): Json | null {
  if (namesErased(comment.from, who)) return null;
  return {
    ...comment,
    commentText: who.scrub(comment.commentText),
    commentHtml: who.scrub(comment.commentHtml),
    taggedUserContacts: comment.taggedUserContacts.filter(
      (t) => !(isPlainObject(t) && typeof t.userId === 'string' && who.ids.has(t.userId)),
    ),
    reactions: comment.reactions.filter((r) => !(isPlainObject(r) && namesErased(r.from, who))),
  };
}

/**
 * Data without the erased users (D8.3): their user objects replaced by `ERASED_USER` and
 * dropped from lists, entries keyed by them dropped, their ids, names and emails in texts made
 * "@[deleted user]" (whole words, as collaboration does). A copied annotation or comment is
 * erased by collaboration's rule first; one they wrote leaves `{}`.
 */
export function eraseFromValue(value: unknown, who: Identities): unknown {
  if (typeof value === 'string') return who.scrub(value);
  if (Array.isArray(value)) {
    return value.filter((item) => !namesErased(item, who)).map((item) => eraseFromValue(item, who));
  }
  if (!isPlainObject(value)) return value;
  if (namesErased(value, who)) return ERASED_USER;
  let object: Json | null = value;
  if (isAnnotation(value)) object = eraseFromAnnotation(value, who);
  else if (isComment(value)) object = eraseFromComment(value, who);
  if (object === null) return {};
  const out: Json = {};
  for (const [key, item] of Object.entries(object)) {
    if (namesWord(key, who)) continue;
    // Own-key write: a key that is data (`__proto__`) stays a plain key.
    Object.defineProperty(out, key, {
      value: eraseFromValue(item, who),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Fields erasure never changes: where, what kind and when, not about anyone. */
const FIXED = ['documentId', 'featureType', 'immutable', 'timestamp'] as const;

/** Fields (any subset of a record) without the erased users; an erased actor becomes the placeholder. */
function eraseFields<T extends Partial<ActivityContent>>(fields: T, who: Identities): T {
  const fixed = Object.fromEntries(FIXED.filter((k) => k in fields).map((k) => [k, fields[k]]));
  return { ...(eraseFromValue(fields, who) as T), ...fixed };
}

/**
 * A record without the erased users: one they performed keeps what happened but not who
 * (`actionUser` is `ERASED_USER`); in every record their ids, names and emails go from the
 * annotation, comment, changes, template and its data. Immutable records too.
 */
export const eraseContent = (content: ActivityContent, who: Identities): ActivityContent =>
  eraseFields(content, who);

/** A stored event's payload without the erased users; ids-only events (moved, deleted) stay. */
export function eraseFromActivityEvent(event: ActivityEvent, who: Identities): unknown {
  if (ActivityLogged.is(event)) {
    const { apiKey, organizationId, activityId, ...content } = event.data;
    return { apiKey, organizationId, activityId, ...eraseContent(content, who) };
  }
  if (ActivityAmended.is(event)) {
    const amendment: ActivityAmendment = eraseFields(event.data.amendment, who);
    return { ...event.data, amendment };
  }
  if (ActivityErased.is(event)) {
    return { ...event.data, content: eraseContent(event.data.content, who) };
  }
  return event.data;
}
