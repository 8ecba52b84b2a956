import { ServiceError } from '@app/platform';
import type { NotificationContent, NotificationUser } from '../../domain/notification.events';
import { setOwn } from '../../domain/own-key';

export type RecipientMaps = Pick<
  NotificationContent,
  'notifyUsers' | 'notifyUsersByUserId' | 'recipientEmails'
>;

/**
 * The hosted recipient maps of a list of users (D9.2): `notifyUsers` keyed by email when
 * given, else by userId; `notifyUsersByUserId` by userId. `recipientEmails` (only when a user
 * is given with both) keeps which email is whose, which the maps lose. A user with neither is
 * refused, naming the item (`field` is the list's path).
 */
export function recipientMaps(
  users: readonly Pick<NotificationUser, 'userId' | 'email'>[],
  field: string,
): RecipientMaps {
  const notifyUsers: Record<string, boolean> = {};
  const notifyUsersByUserId: Record<string, boolean> = {};
  const recipientEmails: Record<string, string> = {};
  users.forEach((user, i) => {
    const key = user.email || user.userId;
    if (!key)
      throw ServiceError.invalidField(`${field}[${i}].userId`, 'userId or email is required');
    setOwn(notifyUsers, key, true);
    if (user.userId) setOwn(notifyUsersByUserId, user.userId, true);
    if (user.userId && user.email) setOwn(recipientEmails, user.userId, user.email);
  });
  return {
    notifyUsers,
    notifyUsersByUserId,
    ...(Object.keys(recipientEmails).length > 0 && { recipientEmails }),
  };
}
