import { WebhookSettingsProjection } from '../read-models/webhook-settings.projection';
import { AddEndpointHandler } from './add-endpoint/add-endpoint.handler';
import { AdvancedConfigReader } from './common/advanced-config.reader';
import { DeleteEndpointHandler } from './delete-endpoint/delete-endpoint.handler';
import { GetAdvancedConfigHandler } from './get-advanced-config/get-advanced-config.handler';
import { GetDeliveriesHandler } from './get-deliveries/get-deliveries.handler';
import { GetEndpointSecretHandler } from './get-endpoint-secret/get-endpoint-secret.handler';
import { GetEndpointsHandler } from './get-endpoints/get-endpoints.handler';
import { UpdateAdvancedConfigHandler } from './update-advanced-config/update-advanced-config.handler';
import { UpdateEndpointHandler } from './update-endpoint/update-endpoint.handler';

/** The delivery log read and the advanced webhooks calls: handlers and their projection. */
export const ADVANCED_WEBHOOK_PROVIDERS = [
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
