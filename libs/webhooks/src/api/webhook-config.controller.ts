import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, NULL_DATA, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetWebhookConfigQuery } from '../application/get-webhook-config/get-webhook-config.query';
import { UpdateWebhookConfigCommand } from '../application/update-webhook-config/update-webhook-config.command';
import { UpdateWebhookConfigRequest } from './dto/update-webhook-config.request';
import { WEBHOOK_CONFIG } from './dto/webhook-config.response';

/** Operation 4: the API key's basic webhook configuration (tagged with the workspace calls). */
@ApiTags('workspace')
@Controller('v2/workspace')
export class WebhookConfigController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('webhookconfig/update', {
    message: 'Webhook configuration updated successfully.',
    summary: "Update the API key's webhook configuration",
    data: UpdateWebhookConfigRequest,
    response: NULL_DATA,
    errors: {
      ...CONFLICT,
      INVALID_ARGUMENT:
        'a URL that is not http(s) or is private, an unknown trigger, the service on without a URL, encryptData without an RSA public key (D11.1, D11.6)',
    },
  })
  @ApiKeyAuth()
  updateWebhookConfig(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateWebhookConfigRequest,
  ) {
    const { useWebhookService, webhookServiceConfig } = data;
    return this.commands.execute(
      new UpdateWebhookConfigCommand({
        tenant,
        change: { useWebhookService, webhookServiceConfig },
      }),
    );
  }

  @Rpc('webhookconfig/get', {
    message: 'Webhook configuration retrieved successfully.',
    summary: "Read the API key's webhook configuration and its signing secret",
    response: WEBHOOK_CONFIG,
  })
  @ApiKeyAuth()
  getWebhookConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetWebhookConfigQuery(tenant));
  }
}
