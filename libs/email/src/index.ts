// Public surface of the email library.
export * from './email.module';
export {
  UNSUBSCRIBE_PATH,
  unsubscribeKey,
  unsubscribeUrl,
  type UnsubscribeTarget,
} from './unsubscribe/unsubscribe-link';
export { SendGridSender } from './delivery/senders/sendgrid-sender';
export { EMAIL_MAX_ATTEMPTS } from './delivery/email-delivery';
export { EMAIL_DELIVERIES_KIND } from './erasure/email-delivery-eraser';
