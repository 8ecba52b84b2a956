import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { WebhookConfigInput } from '../../domain/webhook-config';

/** Operation 4. */
export class UpdateWebhookConfigCommand extends Command<null> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly change: { useWebhookService?: boolean; webhookServiceConfig?: WebhookConfigInput },
  ) {
    super();
  }
}
