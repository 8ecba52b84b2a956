import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NotificationsModule } from '@app/notifications';
import { Migrations } from '@app/platform';
import { WorkspacesModule } from '@app/workspaces';
import { EmailDeliveries1764600000100 } from './migrations/1764600000100-email-deliveries';

/**
 * The email channel of notifications (D14): the hosted email configuration of each API key,
 * an email per (notification, recipient) through the server's SMTP relay or SendGrid, the
 * email log, unsubscribe links and the erasure of queued and logged emails.
 */
@Migrations(EmailDeliveries1764600000100)
@Module({
  imports: [CqrsModule, WorkspacesModule, NotificationsModule],
  controllers: [],
  providers: [],
})
export class EmailModule {}
