import { ServiceError } from '@app/platform';
import type { NotificationUser } from '../../domain/notification.events';

/**
 * The hosted recipient maps of a list of users (D9.2): `notifyUsers` keyed by email when
 * given, else by userId; `notifyUsersByUserId` by userId. A user with neither is refused,
 * naming the item (`field` is the list's path).
 */
export function recipientMaps(
  users: readonly Pick<NotificationUser, 'userId' | 'email'>[],
  field: string,
): { notifyUsers: Record<string, boolean>; notifyUsersByUserId: Record<string, boolean> } {
  const notifyUsers: Record<string, boolean> = {};
  const notifyUsersByUserId: Record<string, boolean> = {};
  users.forEach((user, i) => {
    const key = user.email || user.userId;
    if (!key)
      throw ServiceError.invalidField(`${field}[${i}].userId`, 'userId or email is required');
    // Object.defineProperty keeps an id such as `__proto__` a plain key.
    Object.defineProperty(notifyUsers, key, { value: true, enumerable: true, writable: true });
    if (user.userId) {
      Object.defineProperty(notifyUsersByUserId, user.userId, {
        value: true,
        enumerable: true,
        writable: true,
      });
    }
  });
  return { notifyUsers, notifyUsersByUserId };
}
