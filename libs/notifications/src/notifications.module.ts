import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { Migrations } from '@app/platform';
import { Notifications1763856000013 } from './migrations/1763856000013-notifications';
import { NotificationProjection } from './read-models/notification.projection';
import { NotificationsController } from './api/notifications.controller';
import { AddNotificationHandler } from './application/add-notification/add-notification.handler';
import { GetNotificationsHandler } from './application/get-notifications/get-notifications.handler';
import { NotificationChangesController } from './api/notification-changes.controller';
import { UpdateNotificationsHandler } from './application/update-notifications/update-notifications.handler';
import { DeleteNotificationsHandler } from './application/delete-notifications/delete-notifications.handler';

/** Notifications (D9): operations 22 and 23, the hosted calls, settings, derived notifications. */
@Migrations(Notifications1763856000013)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule],
  controllers: [NotificationsController, NotificationChangesController],
  providers: [
    NotificationProjection,
    AddNotificationHandler,
    GetNotificationsHandler,
    UpdateNotificationsHandler,
    DeleteNotificationsHandler,
  ],
})
export class NotificationsModule {}
