import { WebhookSettingsProjection } from '../read-models/webhook-settings.projection';
import { AddEndpointHandler } from './add-endpoint/add-endpoint.handler';
import { AdvancedConfigReader } from './common/advanced-config.reader';
import { DeleteEndpointHandler } from './delete-endpoint/delete-endpoint.handler';
import { GetAdvancedConfigHandler } from './get-advanced-config/get-advanced-config.handler';
import { GetDeliveriesHandler } from './get-deliveries/get-deliveries.handler';
import { GetEndpointSecretHandler } from './get-endpoint-secret/get-endpoint-secret.handler';
import { GetEndpointsHandler } from './get-endpoints/get-endpoints.handler';
import { GetWebhookConfigHandler } from './get-webhook-config/get-webhook-config.handler';
import { UpdateAdvancedConfigHandler } from './update-advanced-config/update-advanced-config.handler';
import { UpdateEndpointHandler } from './update-endpoint/update-endpoint.handler';
import { UpdateWebhookConfigHandler } from './update-webhook-config/update-webhook-config.handler';

/**
 * The webhook administration calls: the basic configuration (operation 4), the delivery log
 * read, the advanced configuration and endpoints with their projection.
 */
export const WEBHOOK_ADMIN_PROVIDERS = [
  GetWebhookConfigHandler,
  UpdateWebhookConfigHandler,
  WebhookSettingsProjection,
  AdvancedConfigReader,
  GetDeliveriesHandler,
  GetAdvancedConfigHandler,
  UpdateAdvancedConfigHandler,
  AddEndpointHandler,
  GetEndpointsHandler,
  UpdateEndpointHandler,
  DeleteEndpointHandler,
  GetEndpointSecretHandler,
];
