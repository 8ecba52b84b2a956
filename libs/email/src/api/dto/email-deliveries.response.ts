import { json, namedSchema } from '@app/platform';
import { EMAIL_LOG_STATUSES } from '../../application/get-email-deliveries/get-email-deliveries.query';

const { arrayOf, integer, nullable, object, oneOfValues, string } = json;

export const EMAIL_DELIVERY = namedSchema(
  'EmailDelivery',
  object({
    id: string('The same for the same (notification, recipient): planned once'),
    notificationId: string('The notification the email tells of'),
    organizationId: string(),
    documentId: string(),
    userId: string('The recipient'),
    provider: string('`smtp` or `sendgrid`'),
    status: oneOfValues(EMAIL_LOG_STATUSES),
    attempts: integer('Sends tried so far'),
    lastError: nullable(
      string('Why the last try failed (`SMTP 550`, `SendGrid 429`); never an address'),
    ),
    createdAt: integer('When it was planned, epoch ms'),
    updatedAt: integer('When its state last changed, epoch ms'),
    sentAt: nullable(integer('When the relay or SendGrid accepted it, epoch ms')),
  }),
);

export const EMAIL_DELIVERIES = arrayOf(EMAIL_DELIVERY);
