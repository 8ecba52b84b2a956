import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '@app/event-store';
import { ServiceError } from '@app/platform';
import { ApiKey, API_KEY_STREAM_TYPE, apiKeyStream } from '../../domain/api-key.aggregate';
import { applyWebhookConfig } from '../../domain/webhook-config';
import { metadataOf } from '../common/event-metadata';
import { WebhookTargets } from '../common/webhook-targets';
import { UpdateWebhookConfigCommand } from './update-webhook-config.command';

@CommandHandler(UpdateWebhookConfigCommand)
export class UpdateWebhookConfigHandler implements ICommandHandler<UpdateWebhookConfigCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly targets: WebhookTargets,
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
          this.targets.context(),
        );
        key.updateWebhookConfig(next.useWebhookService, next.config);
      },
    );
    return null;
  }
}
