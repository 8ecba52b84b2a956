import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { NOTIFICATION_SETTINGS_STREAM_TYPE } from '../../domain/notification-settings.aggregate';
import { NOTIFICATION_STREAM_TYPE } from '../../domain/notification.aggregate';

/**
 * Deleting an organization deletes its notifications, inboxes, per-user settings and open
 * batches (D6.9), rows and streams, so ids used again start from scratch. A background job
 * (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationNotificationsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'notifications.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'notifications', {
        tables: [
          'notifications',
          'notification_inbox',
          'notification_settings',
          'notification_batches',
        ],
        streamTypes: [NOTIFICATION_STREAM_TYPE, NOTIFICATION_SETTINGS_STREAM_TYPE],
      });
    }
  }
}
