import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
import { NOTIFICATION_SETTINGS_STREAM_TYPE } from '../../domain/notification-settings.aggregate';
import { NOTIFICATION_STREAM_TYPE } from '../../domain/notification.aggregate';

/**
 * Deleting an organization deletes its notifications, inboxes, per-user settings and open
 * batches (D6.9), rows and streams, so ids used again start from scratch. A background job
 * (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationNotificationsSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'notifications.organization-deleted';
  protected readonly library = 'notifications';
  protected readonly data = {
    tables: [
      'notifications',
      'notification_inbox',
      'notification_settings',
      'notification_batches',
    ],
    streamTypes: [NOTIFICATION_STREAM_TYPE, NOTIFICATION_SETTINGS_STREAM_TYPE],
  };
}
