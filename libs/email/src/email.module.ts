import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NotificationsModule } from '@app/notifications';
import { WorkspacesModule } from '@app/workspaces';

/**
 * The email channel of notifications (D14): the hosted email configuration of each API key,
 * an email per (notification, recipient) through the server's SMTP relay or SendGrid, the
 * email log, unsubscribe links and the erasure of queued and logged emails.
 */
@Module({
  imports: [CqrsModule, WorkspacesModule, NotificationsModule],
  controllers: [],
  providers: [],
})
export class EmailModule {}
