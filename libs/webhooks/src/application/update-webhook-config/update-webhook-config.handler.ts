import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { ServiceError } from '@app/platform';
import {
  ApiKey,
  API_KEY_STREAM_TYPE,
  apiKeyStream,
  applyWebhookConfig,
  metadataOf,
  WebhookConfigChecks,
} from '@app/workspaces';
import { UpdateWebhookConfigCommand } from './update-webhook-config.command';

/**
 * The basic configuration's events stay on the API key stream (`workspaces.webhook-config-updated`),
 * where operation 1 records the first one: the same rules check both.
 */
@CommandHandler(UpdateWebhookConfigCommand)
export class UpdateWebhookConfigHandler implements ICommandHandler<UpdateWebhookConfigCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly checks: WebhookConfigChecks,
  ) {}

  async execute({ tenant, change }: UpdateWebhookConfigCommand): Promise<null> {
    if (change.useWebhookService === undefined && change.webhookServiceConfig === undefined) {
      throw ServiceError.invalidField(
        'data',
        'at least one of useWebhookService and webhookServiceConfig is required',
      );
    }
    await this.repository.update(
      {
        streamId: apiKeyStream(tenant.apiKey),
        streamType: API_KEY_STREAM_TYPE,
        create: () => new ApiKey(),
      },
      metadataOf(tenant),
      (key) => {
        const next = applyWebhookConfig(
          { useWebhookService: key.useWebhookService, config: key.webhookConfig },
          change,
          this.checks.context(),
        );
        key.updateWebhookConfig(next.useWebhookService, next.config);
      },
    );
    return null;
  }
}
