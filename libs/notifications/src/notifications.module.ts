import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccessModule } from '@app/access';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { Migrations } from '@app/platform';
import { Notifications1763856000013 } from './migrations/1763856000013-notifications';
import { NotificationSettings1763856000014 } from './migrations/1763856000014-notification-settings';
import { DerivedNotifications1763856000015 } from './migrations/1763856000015-derived-notifications';
import { NotificationFilterIndexes1763856000017 } from './migrations/1763856000017-notification-filter-indexes';
import { NotificationChangesController } from './api/notification-changes.controller';
import { NotificationSettingsController } from './api/notification-settings.controller';
import { NotificationsController } from './api/notifications.controller';
import { AddNotificationHandler } from './application/add-notification/add-notification.handler';
import { NotificationSettingsReader } from './application/common/notification-settings.reader';
import { DeleteNotificationsHandler } from './application/delete-notifications/delete-notifications.handler';
import { BatchWindows } from './application/derived-notifications/batch-windows';
import { DerivedNotificationsSubscriber } from './application/derived-notifications/derived-notifications.subscriber';
import { DigestPlanner } from './application/derived-notifications/digest-planner';
import { NotificationDelivery } from './application/derived-notifications/notification-delivery';
import { DocumentMovesSubscriber } from './application/document-moves/document-moves.subscriber';
import { OrganizationNotificationsSubscriber } from './application/organization-deleted/organization-notifications.subscriber';
import { NotificationsMover } from './application/document-moves/notifications-mover';
import { SettingsMover } from './application/document-moves/settings-mover';
import { GetNotificationSettingsHandler } from './application/get-notification-settings/get-notification-settings.handler';
import { GetNotificationsHandler } from './application/get-notifications/get-notifications.handler';
import { SetNotificationSettingsHandler } from './application/set-notification-settings/set-notification-settings.handler';
import { UpdateNotificationsHandler } from './application/update-notifications/update-notifications.handler';
import { NotificationSettingsProjection } from './read-models/notification-settings.projection';
import { NotificationProjection } from './read-models/notification.projection';
import { NotificationEraser } from './erasure/notification-eraser';
import { NotificationExporter } from './export/notification.exporter';
import { NotificationSettingsPayload } from './webhooks/notification-settings-payload';
import { NotificationWebhookEvents } from './webhooks/notification-webhook-events';

/** Notifications (D9): operations 22 and 23, the hosted calls, settings, derived notifications. */
@Migrations(
  Notifications1763856000013,
  NotificationSettings1763856000014,
  DerivedNotifications1763856000015,
  NotificationFilterIndexes1763856000017,
)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule, AccessModule],
  controllers: [
    NotificationsController,
    NotificationSettingsController,
    NotificationChangesController,
  ],
  providers: [
    // Operations 22 and 23, the hosted update and delete.
    NotificationProjection,
    AddNotificationHandler,
    GetNotificationsHandler,
    UpdateNotificationsHandler,
    DeleteNotificationsHandler,
    // Each user's settings (D9.6).
    NotificationSettingsProjection,
    SetNotificationSettingsHandler,
    GetNotificationSettingsHandler,
    NotificationSettingsReader,
    // Derived from comments, with delay and batching (D9.7, D9.8); they move with documents.
    DerivedNotificationsSubscriber,
    DigestPlanner,
    BatchWindows,
    NotificationDelivery,
    NotificationsMover,
    DocumentMovesSubscriber,
    OrganizationNotificationsSubscriber,
    SettingsMover,
    // Module contract: webhook events and payload fields, user data deletion and export.
    NotificationWebhookEvents,
    NotificationSettingsPayload,
    NotificationEraser,
    NotificationExporter,
  ],
})
export class NotificationsModule {}
