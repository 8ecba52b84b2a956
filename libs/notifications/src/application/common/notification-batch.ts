import { ItemRefused, type StreamBatch } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import {
  Notification,
  NOTIFICATION_STREAM_TYPE,
  notificationStream,
} from '../../domain/notification.aggregate';
import { isSelected, type NotificationSelection } from './notification-selection';

/**
 * The hosted update and delete differ only in what they ask each notification to do. A
 * notification outside the selection fails its item exactly as a missing one does
 * (`refused`), so a narrowed call tells nothing of what lies outside it.
 */
export function notificationBatch<I>(
  tenant: ApiKeyTenant,
  selection: NotificationSelection,
  items: readonly I[],
  idOf: (item: I) => string,
  refused: string,
  decide: (notification: Notification, item: I) => string,
): StreamBatch<I, Notification> {
  const refOf = (notificationId: string) => ({
    apiKey: tenant.apiKey,
    organizationId: selection.organizationId,
    notificationId,
  });
  return {
    items,
    idOf,
    streamOf: (id) => ({
      streamId: notificationStream(refOf(id)),
      streamType: NOTIFICATION_STREAM_TYPE,
    }),
    create: (id) => new Notification(refOf(id)),
    decide: (notification, item) => {
      if (notification.content && !isSelected(notification.content, selection)) {
        throw new ItemRefused(refused, 'not-found');
      }
      return decide(notification, item);
    },
    metadata: metadataOf(tenant),
  };
}
