import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox, standardWebhookSecret } from '@app/platform';
import { DataSource } from 'typeorm';
import { ApiKeyRow } from '../../read-models/api-key.entity';
import { GetWebhookConfigQuery, type WebhookConfigView } from './get-webhook-config.query';

@QueryHandler(GetWebhookConfigQuery)
export class GetWebhookConfigHandler implements IQueryHandler<GetWebhookConfigQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant }: GetWebhookConfigQuery): Promise<WebhookConfigView> {
    const row = await this.dataSource.manager.findOneByOrFail(ApiKeyRow, { apiKey: tenant.apiKey });
    const c = row.webhookConfig;
    return {
      useWebhookService: row.useWebhookService,
      webhookServiceConfig: {
        authToken: c.sealedAuthToken ? this.box.open(c.sealedAuthToken) : '',
        rawNotificationUrl: c.rawNotificationUrl ?? '',
        processedNotificationUrl: c.processedNotificationUrl ?? '',
        encodeData: c.encodeData ?? false,
        encryptData: c.encryptData ?? false,
        publicKey: c.publicKey ?? '',
        triggers: c.triggers ?? {},
      },
      signingSecret: standardWebhookSecret(this.box.open(row.sealedWebhookSecret)),
    };
  }
}
