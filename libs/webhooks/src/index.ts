// Public surface of the webhooks library: the module and what receivers' code and tests read.
export * from './webhooks.module';
export {
  deliveryIdOf,
  RETRY_DELAYS_MS,
  MAX_ATTEMPTS,
  type DeliveryStatus,
} from './domain/delivery';
export { openPayload } from './domain/stored-payload';
export { WebhookHousekeeping } from './delivery/webhook-housekeeping';
export { DeliveryWorker } from './delivery/delivery-worker';
export { WEBHOOK_TRIGGER_SUBSCRIPTION } from './trigger/webhook-trigger.subscriber';
export { WEBHOOK_DELIVERIES_KIND } from './erasure/webhook-delivery-eraser';
