import type { Recipient } from '@app/collaboration';
import { headlineOf, COMMENT_SOURCE, type DerivedActivity } from '../../domain/derived-activity';
import type { BatchScope } from '../../domain/derived-rules';
import { defaultMessageOf, fillTemplate } from '../../domain/default-messages';
import type { NotificationContent, NotificationUser } from '../../domain/notification.events';
import { recipientMaps } from '../common/recipients';

/** A recipient as a notification names them: the hosted user object. */
const userOf = ({ userId, name, email }: Recipient | NotificationUser): NotificationUser => ({
  ...(userId && { userId }),
  ...(name && { name }),
  ...(email && { email }),
});

/** The notification one change makes (D9.7); `heldUntil` while it is held back (D9.8). */
export function singleContent(
  activity: DerivedActivity,
  recipients: readonly Recipient[],
  heldUntil?: number,
): NotificationContent {
  return {
    ...activity,
    notificationSource: COMMENT_SOURCE,
    ...recipientMaps(recipients.map(userOf), 'recipients'),
    notifyAll: false,
    ...(heldUntil !== undefined && { heldUntil }),
  };
}

/**
 * What a digest keeps in `notificationSourceData`: its window, how many changes it holds, the
 * first and the last (each as its own notification would show it), and every user it
 * addresses.
 */
export interface DigestData {
  batch: { scope: BatchScope; windowStart: number; closesAt: number; count: number };
  first: DerivedActivity;
  last: DerivedActivity;
  recipients: NotificationUser[];
  /**
   * Every document and every action the digest folded (a user's window spans documents).
   * Absent in digests made before they were kept: their first and last are then all known.
   */
  documentIds?: string[];
  actionTypes?: string[];
}

const strings = (values: unknown[]): string[] =>
  values.filter((v): v is string => typeof v === 'string');

/**
 * The values a digest folded so far and the change at hand's, each once. What a caller's
 * update left there that is not a list of strings counts as nothing kept.
 */
const folded = (before: unknown, known: unknown[], value: string) => [
  ...new Set([...strings(Array.isArray(before) ? before : known), value]),
];

/**
 * What a held digest has folded so far, or nothing when its source data no longer has a
 * digest's shape (the hosted update lets a caller replace `notificationSourceData`): the
 * digest then starts again from the change at hand rather than fail on every change.
 */
function digestDataOf(previous: NotificationContent | undefined): DigestData | undefined {
  const data = previous?.notificationSourceData as Partial<DigestData> | undefined;
  const shaped =
    typeof data?.batch?.count === 'number' &&
    Array.isArray(data.recipients) &&
    typeof data.first === 'object' &&
    data.first !== null;
  return shaped ? (data as DigestData) : undefined;
}

/**
 * A digest with one more change folded in (D9.8). It shows the last change at the top level
 * (action, author, annotation, time), and its own headline: `{count}` updates, with the first
 * and last headlines in the body and in `displayHeadlineMessageTemplateData` (`first`,
 * `last`). Its document is its window's (a user's window: the first change's).
 */
export function digestContent(
  previous: NotificationContent | undefined,
  window: { scope: BatchScope; windowStart: number; closesAt: number },
  activity: DerivedActivity,
  recipients: readonly Recipient[],
  heldUntil: number,
): NotificationContent {
  const before = digestDataOf(previous);
  const count = (before?.batch.count ?? 0) + 1;
  const first = before?.first ?? activity;
  const kept = (before?.recipients ?? []).filter(
    (u) => typeof u === 'object' && u !== null && typeof u.userId === 'string',
  );
  const users = new Map(kept.map((u) => [u.userId, u]));
  for (const r of recipients) if (!users.has(r.userId)) users.set(r.userId, userOf(r));
  const addressed = [...users.values()];
  const data = {
    count,
    ...(activity.actionUser && { actionUser: activity.actionUser }),
    first: headlineOf(first),
    last: headlineOf(activity),
  };
  const message = defaultMessageOf(`digest:${window.scope}`);
  const source: DigestData = {
    batch: { ...window, count },
    first,
    last: activity,
    recipients: addressed,
    documentIds: folded(
      before?.documentIds,
      [before?.first?.documentId, before?.last?.documentId],
      activity.documentId,
    ),
    actionTypes: folded(
      before?.actionTypes,
      [before?.first?.actionType, before?.last?.actionType],
      activity.actionType,
    ),
  };
  return {
    documentId: previous?.documentId ?? activity.documentId,
    notificationSource: COMMENT_SOURCE,
    actionType: activity.actionType,
    ...(activity.actionUser && { actionUser: activity.actionUser }),
    targetAnnotationId: activity.targetAnnotationId,
    displayHeadlineMessageTemplate: message.headline,
    displayHeadlineMessageTemplateData: data,
    displayBodyMessage: fillTemplate(message.body, data),
    notificationSourceData: source,
    ...recipientMaps(addressed, 'recipients'),
    notifyAll: false,
    timestamp: activity.timestamp,
    heldUntil,
  };
}
