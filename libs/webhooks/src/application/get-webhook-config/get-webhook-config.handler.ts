import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SecretBox, ServiceError, standardWebhookSecret } from '@app/platform';
import { DataSource } from 'typeorm';
import { readWebhookSettings } from '../../read-models/basic-webhook-settings';
import { GetWebhookConfigQuery, type WebhookConfigView } from './get-webhook-config.query';

@QueryHandler(GetWebhookConfigQuery)
export class GetWebhookConfigHandler implements IQueryHandler<GetWebhookConfigQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async execute({ tenant }: GetWebhookConfigQuery): Promise<WebhookConfigView> {
    const settings = (await readWebhookSettings(this.dataSource.manager, [tenant.apiKey])).get(
      tenant.apiKey,
    );
    if (!settings) throw new ServiceError('NOT_FOUND', 'API key not found.');
    const c = settings.config;
    return {
      useWebhookService: settings.useWebhookService,
      webhookServiceConfig: {
        authToken: c.sealedAuthToken ? this.box.open(c.sealedAuthToken) : '',
        rawNotificationUrl: c.rawNotificationUrl ?? '',
        processedNotificationUrl: c.processedNotificationUrl ?? '',
        encodeData: c.encodeData ?? false,
        encryptData: c.encryptData ?? false,
        publicKey: c.publicKey ?? '',
        triggers: c.triggers ?? {},
      },
      signingSecret: standardWebhookSecret(this.box.open(settings.sealedSigningSecret)),
    };
  }
}
