import {
  DELETED_USER,
  eraseFromAnnotation,
  learnFromAnnotation,
  type CommentAnnotation,
  type Identities,
} from '@app/collaboration';
import { isPlainObject } from '@app/platform';
import {
  NotificationAdded,
  NotificationChanged,
  NotificationErased,
  NotificationRead,
  type NotificationChanges,
  type NotificationContent,
  type NotificationEvent,
  type NotificationUser,
  type ReadState,
} from '../domain/notification.events';
import { setOwn } from '../domain/own-key';

type Json = Record<string, unknown>;

/** What an erased user object in a notification's data becomes: a template still renders it. */
const ERASED_USER = { name: DELETED_USER };

/** The annotation a derived notification copies (D9.7), in the shape collaboration erases. */
function isAnnotation(value: unknown): value is CommentAnnotation {
  return (
    isPlainObject(value) &&
    typeof value.annotationId === 'string' &&
    isPlainObject(value.from) &&
    Array.isArray(value.comments) &&
    value.comments.every(
      (c: unknown) =>
        isPlainObject(c) &&
        isPlainObject(c.from) &&
        typeof c.commentText === 'string' &&
        typeof c.commentHtml === 'string' &&
        Array.isArray(c.taggedUserContacts) &&
        Array.isArray(c.reactions),
    )
  );
}

/** A user object naming an erased user, by userId (or by email when it has none). */
export function notificationValueNamesErased(value: unknown, who: Identities): boolean {
  if (!isPlainObject(value)) return false;
  const { userId, email } = value;
  if (typeof userId === 'string' && userId !== '') return who.ids.has(userId);
  return typeof email === 'string' && email !== '' && who.known.includes(email);
}

/** Learns every name and email any user object in `value` shows for an erased user. */
export function learnFromNotificationValue(value: unknown, who: Identities): void {
  if (Array.isArray(value)) {
    for (const item of value) learnFromNotificationValue(item, who);
  } else if (isPlainObject(value)) {
    if (isAnnotation(value)) learnFromAnnotation(value, who);
    if (typeof value.userId === 'string') who.learn(value as NotificationUser as never);
    for (const item of Object.values(value)) learnFromNotificationValue(item, who);
  }
}

/**
 * Data without the erased users (D8.3): their user objects dropped from lists and replaced
 * elsewhere, entries keyed by them dropped (recipient maps, read state), and their ids, names
 * and emails in texts made "@[deleted user]" (whole words, as collaboration does). A copied
 * annotation (a derived notification's source, or a digest's first and last) is erased by
 * collaboration's own rule first: their comments, reactions, tags and assignment go, and one
 * they wrote goes whole, leaving `{}` (what a notification given no source data holds).
 */
export function eraseFromNotificationValue(value: unknown, who: Identities): unknown {
  if (typeof value === 'string') return who.scrub(value);
  if (Array.isArray(value)) {
    return value
      .filter((item) => !notificationValueNamesErased(item, who))
      .map((item) => eraseFromNotificationValue(item, who));
  }
  if (!isPlainObject(value)) return value;
  if (notificationValueNamesErased(value, who)) return ERASED_USER;
  const object: Json | null = isAnnotation(value) ? eraseFromAnnotation(value, who) : value;
  if (object === null) return {};
  const out: Json = {};
  for (const [key, item] of Object.entries(object)) {
    if (namesWord(key, who)) continue;
    setOwn(out, key, eraseFromNotificationValue(item, who));
  }
  return out;
}

/**
 * Whether an erased user made the notification (its `actionUser`): then it is theirs and goes
 * whole, custom or derived from their comment change. A digest of several changes (D9.8: its
 * `notificationSourceData.batch.count` above 1) also tells others' changes: it stays, without
 * them.
 */
export function madeByErased(content: NotificationContent | undefined, who: Identities): boolean {
  if (!content || !notificationValueNamesErased(content.actionUser, who)) return false;
  const source = content.notificationSourceData as { batch?: { count?: unknown } } | undefined;
  const count =
    isPlainObject(source) && isPlainObject(source.batch) ? source.batch.count : undefined;
  return !(typeof count === 'number' && count > 1);
}

/**
 * Whether a key names an erased user: it is one of their ids or words (a recipient map's key,
 * an email) or has one as a word in it.
 */
const namesWord = (key: string, who: Identities): boolean =>
  who.ids.has(key) || who.known.includes(key) || who.scrub(key) !== key;

/**
 * Learns the emails a notification records beside the erased users' ids (`recipientEmails`):
 * the email keys `notifyUsers` (D9.2), and may be known nowhere else.
 */
function learnFromRecipients(content: Partial<NotificationContent>, who: Identities): void {
  const pairs: unknown = content.recipientEmails;
  if (!isPlainObject(pairs)) return;
  for (const [userId, email] of Object.entries(pairs)) {
    if (typeof email === 'string') who.learn({ userId, email });
  }
}

/** Learns the names and emails a notification event shows for the erased users. */
export function learnFromNotificationEvent(event: NotificationEvent, who: Identities): void {
  if (NotificationAdded.is(event)) learnFromRecipients(event.data, who);
  if (NotificationErased.is(event)) learnFromRecipients(event.data.content, who);
  learnFromNotificationValue(event.data, who);
}

/** Fields erasure never changes: the notification's place and time, not about anyone. */
const FIXED = ['documentId', 'notificationSource', 'timestamp'] as const;

/** Changed fields (any subset of the content) without the erased users. */
function eraseFields<T extends Partial<NotificationContent>>(fields: T, who: Identities): T {
  const fixed = Object.fromEntries(FIXED.filter((k) => k in fields).map((k) => [k, fields[k]]));
  return { ...(eraseFromNotificationValue(fields, who) as T), ...fixed };
}

/** A notification's content without the erased users. */
export const eraseNotificationContent = (
  content: NotificationContent,
  who: Identities,
): NotificationContent => eraseFields(content, who);

/** Read state without the erased users. */
export const eraseReadState = (readBy: ReadState, who: Identities): ReadState =>
  Object.fromEntries(Object.entries(readBy).filter(([userId]) => !who.ids.has(userId)));

/** What is left of a notification erasure deletes: where and when, naming no one. */
export const emptiedContent = (content: NotificationContent): NotificationContent => ({
  documentId: content.documentId,
  notificationSource: content.notificationSource,
  notifyUsers: {},
  notifyUsersByUserId: {},
  notifyAll: false,
  timestamp: content.timestamp,
});

/**
 * A stored event's payload without the erased users (D8.3). `deleted`: the notification goes
 * (an erased user made it), so its events keep only where and when it was; otherwise each
 * loses them as its content does. Ids-only events (moved, deleted) are left as they are.
 */
export function eraseFromNotificationEvent(
  event: NotificationEvent,
  who: Identities,
  deleted: boolean,
): unknown {
  if (NotificationAdded.is(event)) {
    const { apiKey, organizationId, notificationId, at, ...content } = event.data;
    const next = deleted ? emptiedContent(content) : eraseNotificationContent(content, who);
    return { apiKey, organizationId, notificationId, ...next, at };
  }
  if (NotificationChanged.is(event)) {
    const changes: NotificationChanges = deleted ? {} : eraseFields(event.data.changes, who);
    return { ...event.data, changes };
  }
  if (NotificationRead.is(event)) {
    return { ...event.data, userIds: event.data.userIds.filter((id) => !who.ids.has(id)) };
  }
  if (NotificationErased.is(event)) {
    const { content, readBy } = event.data;
    return {
      ...event.data,
      content: deleted ? emptiedContent(content) : eraseNotificationContent(content, who),
      readBy: deleted ? {} : eraseReadState(readBy, who),
    };
  }
  return event.data;
}
