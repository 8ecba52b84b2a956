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
export function activityValueNamesErased(value: unknown, who: Identities): boolean {
  if (!isPlainObject(value)) return false;
  const { userId, email } = value;
  if (typeof userId === 'string' && userId !== '') return who.ids.has(userId);
  return typeof email === 'string' && email !== '' && who.known.includes(email);
}

/** Whether a key names an erased user: one of their ids or words, or has one as a word in it. */
const namesWord = (key: string, who: Identities): boolean =>
  who.ids.has(key) || who.known.includes(key) || who.scrub(key) !== key;

/** Learns every name and email any user object in `value` shows for an erased user. */
export function learnFromActivityValue(value: unknown, who: Identities): void {
  if (Array.isArray(value)) {
    for (const item of value) learnFromActivityValue(item, who);
  } else if (isPlainObject(value)) {
    if (isAnnotation(value)) learnFromAnnotation(value, who);
    if (typeof value.userId === 'string') who.learn(value as ActivityUser);
    for (const item of Object.values(value)) learnFromActivityValue(item, who);
  }
}

/** Learns the names and emails an activity event shows for the erased users. */
export const learnFromActivityEvent = (event: ActivityEvent, who: Identities): void =>
  learnFromActivityValue(event.data, who);

/**
 * The comment a record copies, by collaboration's rule: one an erased user wrote goes
 * (leaving `{}`); others lose their tags and reactions, and mentions of them read
 * "@[deleted user]".
 */
function eraseFromComment(comment: CommentCopy, who: Identities): Json | null {
  if (activityValueNamesErased(comment.from, who)) return null;
  return {
    ...comment,
    commentText: who.scrub(comment.commentText),
    commentHtml: who.scrub(comment.commentHtml),
    taggedUserContacts: comment.taggedUserContacts.filter(
      (t) => !(isPlainObject(t) && typeof t.userId === 'string' && who.ids.has(t.userId)),
    ),
    reactions: comment.reactions.filter(
      (r) => !(isPlainObject(r) && activityValueNamesErased(r.from, who)),
    ),
  };
}

/**
 * Data without the erased users (D8.3): their user objects replaced by `ERASED_USER` and
 * dropped from lists, entries keyed by them dropped, their ids, names and emails in texts made
 * "@[deleted user]" (whole words, as collaboration does). A copied annotation or comment is
 * erased by collaboration's rule first; one they wrote leaves `{}`.
 */
export function eraseFromActivityValue(value: unknown, who: Identities): unknown {
  if (typeof value === 'string') return who.scrub(value);
  if (Array.isArray(value)) {
    return value
      .filter((item) => !activityValueNamesErased(item, who))
      .map((item) => eraseFromActivityValue(item, who));
  }
  if (!isPlainObject(value)) return value;
  if (activityValueNamesErased(value, who)) return ERASED_USER;
  let object: Json | null = value;
  if (isAnnotation(value)) object = eraseFromAnnotation(value, who);
  else if (isComment(value)) object = eraseFromComment(value, who);
  if (object === null) return {};
  const out: Json = {};
  for (const [key, item] of Object.entries(object)) {
    if (namesWord(key, who)) continue;
    // Own-key write: a key that is data (`__proto__`) stays a plain key.
    Object.defineProperty(out, key, {
      value: eraseFromActivityValue(item, who),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * Whether the comment a record is about was written by an erased user: the comment it copies
 * (`entityTargetData`), else the one its annotation copy holds under `targetSubEntityId`.
 */
export function aboutTheirComment(fields: Partial<ActivityContent>, who: Identities): boolean {
  const { entityTargetData, entityData, targetSubEntityId } = fields;
  if (isComment(entityTargetData)) return activityValueNamesErased(entityTargetData.from, who);
  if (targetSubEntityId == null || !isAnnotation(entityData)) return false;
  const comment = entityData.comments.find(
    (c) => String((c as unknown as Json).commentId) === targetSubEntityId,
  );
  return comment !== undefined && activityValueNamesErased(comment.from, who);
}

/** The content (or amendment) an activity event carries, if any. */
function fieldsOf(event: ActivityEvent): Partial<ActivityContent> | undefined {
  if (ActivityLogged.is(event)) return event.data;
  if (ActivityAmended.is(event)) return event.data.amendment;
  if (ActivityErased.is(event)) return event.data.content;
  return undefined;
}

/**
 * Whether any of a record's events shows its comment written by an erased user: an amendment
 * or an earlier erasure may carry no comment copy while the record's first version did.
 */
export const aboutTheirCommentIn = (events: ActivityEvent[], who: Identities): boolean =>
  events.some((event) => {
    const fields = fieldsOf(event);
    return fields !== undefined && aboutTheirComment(fields, who);
  });

/** A copy of `map` without `key` (the map itself when it has none). */
function without<T extends Record<string, unknown>>(map: T | undefined, key: string) {
  if (!isPlainObject(map) || !Object.hasOwn(map, key)) return map;
  const { [key]: _dropped, ...rest } = map;
  return rest as T;
}

/**
 * Fields without the copies of a comment's whole text (template data, the edit's from/to):
 * when its author is erased their text goes, as the comment copy itself does (`{}`).
 */
function withoutCommentText<T extends Partial<ActivityContent>>(fields: T): T {
  const out: T = { ...fields };
  if ('displayMessageTemplateData' in out) {
    out.displayMessageTemplateData = without(out.displayMessageTemplateData, 'commentText');
  }
  if ('changes' in out) out.changes = without(out.changes, 'commentText');
  return out;
}

/** Fields erasure never changes: where, what kind and when, not about anyone. */
const FIXED = ['documentId', 'featureType', 'immutable', 'timestamp'] as const;

/**
 * Fields (any subset of a record) without the erased users; an erased actor becomes the
 * placeholder; the comment's text copies go when `theirComment` (its author is erased).
 */
function eraseFields<T extends Partial<ActivityContent>>(
  fields: T,
  who: Identities,
  theirComment: boolean,
): T {
  const fixed = Object.fromEntries(FIXED.filter((k) => k in fields).map((k) => [k, fields[k]]));
  const kept = theirComment ? withoutCommentText(fields) : fields;
  return { ...(eraseFromActivityValue(kept, who) as T), ...fixed };
}

/**
 * A record without the erased users: one they performed keeps what happened but not who
 * (`actionUser` is `ERASED_USER`); in every record their ids, names and emails go from the
 * annotation, comment, changes, template and its data, and a comment they wrote goes whole,
 * its text copied into the template data and changes too. Immutable records too.
 * `theirComment` is known from the record's whole history when the caller has it.
 */
export const eraseActivityContent = (
  content: ActivityContent,
  who: Identities,
  theirComment = aboutTheirComment(content, who),
): ActivityContent => eraseFields(content, who, theirComment);

/**
 * A stored event's payload without the erased users; ids-only events (moved, deleted) stay.
 * `theirComment`: whether the record's comment was written by an erased user, from all its
 * events (an amendment alone may not show it); else judged from this event alone.
 */
export function eraseFromActivityEvent(
  event: ActivityEvent,
  who: Identities,
  theirComment = aboutTheirCommentIn([event], who),
): unknown {
  if (ActivityLogged.is(event)) {
    const { apiKey, organizationId, activityId, ...content } = event.data;
    return {
      apiKey,
      organizationId,
      activityId,
      ...eraseActivityContent(content, who, theirComment),
    };
  }
  if (ActivityAmended.is(event)) {
    const amendment: ActivityAmendment = eraseFields(event.data.amendment, who, theirComment);
    return { ...event.data, amendment };
  }
  if (ActivityErased.is(event)) {
    return { ...event.data, content: eraseActivityContent(event.data.content, who, theirComment) };
  }
  return event.data;
}
