import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AfterCommit, Migrations } from '@app/platform';
import { WorkspacesModule } from '@app/workspaces';
import { WebhookConfigController } from './api/webhook-config.controller';
import { WebhooksController } from './api/webhooks.controller';
import { RetryDeliveriesHandler } from './application/retry-deliveries/retry-deliveries.handler';
import { WEBHOOK_ADMIN_PROVIDERS } from './application/webhook-admin.providers';
import { AttemptRecorder } from './delivery/attempt-recorder';
import { DeliveryWorker } from './delivery/delivery-worker';
import { EarlierDeliveryJobs } from './delivery/earlier-delivery-jobs';
import { WebhookHousekeeping } from './delivery/webhook-housekeeping';
import { WebhookTargets } from './delivery/webhook-targets';
import { WebhookDeliveryEraser } from './erasure/webhook-delivery-eraser';
import { Webhooks1764100000000 } from './migrations/1764100000000-webhooks';
import { WebhookBatchedDelivery1764200000000 } from './migrations/1764200000000-webhook-batched-delivery';
import { WebhookSettingsEvents1764500000100 } from './migrations/1764500000100-webhook-settings-events';
import { WebhookDeliveriesQueue1764500000000 } from './migrations/1764500000000-webhook-deliveries-queue';
import { WebhookSources } from './trigger/webhook-sources';
import { WebhookTriggerSubscriber } from './trigger/webhook-trigger.subscriber';

/**
 * Webhook delivery (D11) through the module contract: its tables (`@Migrations`), the trigger
 * (`@Subscriber`), attempts (DeliveryWorker: the rows are its queue), personal data in
 * stored payloads (`@Eraser`);
 * event types come from every `@WebhookEvents()` provider.
 */
@Migrations(
  Webhooks1764100000000,
  WebhookBatchedDelivery1764200000000,
  WebhookDeliveriesQueue1764500000000,
  WebhookSettingsEvents1764500000100,
)
@Module({
  imports: [DiscoveryModule, CqrsModule, WorkspacesModule],
  controllers: [WebhooksController, WebhookConfigController],
  providers: [
    AfterCommit,
    WebhookSources,
    WebhookTriggerSubscriber,
    WebhookTargets,
    AttemptRecorder,
    DeliveryWorker,
    EarlierDeliveryJobs,
    WebhookHousekeeping,
    WebhookDeliveryEraser,
    RetryDeliveriesHandler,
    ...WEBHOOK_ADMIN_PROVIDERS,
  ],
})
export class WebhooksModule {}
