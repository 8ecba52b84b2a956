import type { NotificationContent } from './notification.events';
import { setOwn } from './own-key';

/** Every email `value` shows for one of `userIds` (a user object, or a tag with its contact). */
function emailsOf(value: unknown, userIds: ReadonlySet<string>, found = new Set<string>()) {
  if (Array.isArray(value)) {
    for (const item of value) emailsOf(item, userIds, found);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.userId === 'string' && userIds.has(o.userId)) {
      const contact = o.contact as Record<string, unknown> | undefined;
      for (const email of [o.email, contact?.email]) {
        if (typeof email === 'string' && email) found.add(email);
      }
    }
    for (const item of Object.values(o)) emailsOf(item, userIds, found);
  }
  return found;
}

/** A map without some keys (built anew: an id such as `__proto__` stays a plain key). */
const without = <T>(map: Record<string, T>, keys: ReadonlySet<string>) => {
  const out: Record<string, T> = {};
  for (const [key, value] of Object.entries(map)) if (!keys.has(key)) setOwn(out, key, value);
  return out;
};

/**
 * The seen check of a held-back notification (D9.8): users who read it meanwhile are no
 * longer addressed. `notifyUsers` is keyed by email when one was known (D9.2): their emails
 * go too, those recorded beside their ids and those the content shows for them (a derived
 * notification carries every recipient's user object: the annotation, or a digest's
 * `recipients`); so do their pairs.
 */
export function withoutReaders(
  content: NotificationContent,
  readers: readonly string[],
): NotificationContent {
  if (readers.length === 0) return content;
  const ids = new Set(readers);
  const pairs = content.recipientEmails ?? {};
  const recorded = readers.filter((id) => Object.hasOwn(pairs, id)).map((id) => pairs[id]);
  const keys = new Set([...ids, ...recorded, ...emailsOf(content, ids)]);
  const { recipientEmails: _pairs, ...rest } = content;
  const left = without(pairs, ids);
  return {
    ...rest,
    notifyUsers: without(content.notifyUsers, keys),
    notifyUsersByUserId: without(content.notifyUsersByUserId, ids),
    ...(Object.keys(left).length > 0 && { recipientEmails: left }),
  };
}

/** Whether anyone is still addressed. */
export const addressesAnyone = (content: NotificationContent): boolean =>
  Object.values(content.notifyUsersByUserId).some((on) => on === true);

/** The notification as it is shown once delivered: no longer held. */
export function released(content: NotificationContent): NotificationContent {
  const { heldUntil: _held, ...shown } = content;
  return shown;
}
