import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { Migrations } from '@app/platform';
import { Notifications1763856000013 } from './migrations/1763856000013-notifications';
import { NotificationProjection } from './read-models/notification.projection';

/** Notifications (D9): operations 22 and 23, the hosted calls, settings, derived notifications. */
@Migrations(Notifications1763856000013)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule],
  controllers: [],
  providers: [NotificationProjection],
})
export class NotificationsModule {}
