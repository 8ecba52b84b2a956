import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { NotificationSettingsReader, NotificationsModule } from '@app/notifications';
import { AfterCommit, Migrations } from '@app/platform';
import { WorkspacesModule } from '@app/workspaces';
import { EmailConfigController } from './api/email-config.controller';
import { EmailDeliveriesController } from './api/email-deliveries.controller';
import { EmailUnsubscribeController } from './api/email-unsubscribe.controller';
import { EmailConfigReader } from './application/common/email-config.reader';
import { GetEmailDeliveriesHandler } from './application/get-email-deliveries/get-email-deliveries.handler';
import { GetEmailConfigHandler } from './application/get-email-config/get-email-config.handler';
import { UpdateEmailConfigHandler } from './application/update-email-config/update-email-config.handler';
import { EmailConfigs1764600000000 } from './migrations/1764600000000-email-configs';
import { EmailConfigProjection } from './read-models/email-config.projection';
import { EmailDeliveries1764600000100 } from './migrations/1764600000100-email-deliveries';
import { EmailDeliveriesQueue1764600000300 } from './migrations/1764600000300-email-deliveries-queue';
import { EmailDeliveries } from './delivery/email-deliveries';
import { EmailPlanningSubscriber } from './delivery/email-planning.subscriber';
import { EmailWorker } from './delivery/email-worker';
import { SendGridSender } from './delivery/senders/sendgrid-sender';
import { SmtpSender } from './delivery/senders/smtp-sender';
import { EmailDeliveryEraser } from './erasure/email-delivery-eraser';
import { OrganizationEmailsSubscriber } from './erasure/organization-emails.subscriber';
import { UnsubscribeBodyParser } from './unsubscribe/unsubscribe-body';
import { Unsubscriber } from './unsubscribe/unsubscriber';

/**
 * The email channel of notifications (D14): the hosted email configuration of each API key,
 * an email per (notification, recipient) through the server's SMTP relay or SendGrid, the
 * email log, unsubscribe links and the erasure of queued and logged emails.
 */
@Migrations(
  EmailConfigs1764600000000,
  EmailDeliveries1764600000100,
  EmailDeliveriesQueue1764600000300,
)
@Module({
  imports: [CqrsModule, WorkspacesModule, NotificationsModule],
  controllers: [EmailConfigController, EmailDeliveriesController, EmailUnsubscribeController],
  providers: [
    EmailConfigProjection,
    EmailConfigReader,
    GetEmailConfigHandler,
    UpdateEmailConfigHandler,
    GetEmailDeliveriesHandler,
    SendGridSender,
    // Delivery (D14.4): planned from shown notifications, sent by EmailWorker (the rows are the queue).
    AfterCommit,
    NotificationSettingsReader,
    EmailDeliveries,
    EmailPlanningSubscriber,
    EmailWorker,
    SmtpSender,
    Unsubscriber,
    UnsubscribeBodyParser,
    EmailDeliveryEraser,
    OrganizationEmailsSubscriber,
  ],
})
export class EmailModule {}
