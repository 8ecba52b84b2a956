import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddEndpointCommand } from '../application/add-endpoint/add-endpoint.command';
import { DeleteEndpointCommand } from '../application/delete-endpoint/delete-endpoint.command';
import { GetAdvancedConfigQuery } from '../application/get-advanced-config/get-advanced-config.query';
import { GetDeliveriesQuery } from '../application/get-deliveries/get-deliveries.query';
import { GetEndpointSecretQuery } from '../application/get-endpoint-secret/get-endpoint-secret.query';
import { GetEndpointsQuery } from '../application/get-endpoints/get-endpoints.query';
import { UpdateAdvancedConfigCommand } from '../application/update-advanced-config/update-advanced-config.command';
import { UpdateEndpointCommand } from '../application/update-endpoint/update-endpoint.command';
import { RetryDeliveriesCommand } from '../application/retry-deliveries/retry-deliveries.command';
import {
  CreateEndpointRequest,
  EndpointIdRequest,
  GetDeliveriesRequest,
  GetEndpointsRequest,
  RetryDeliveriesRequest,
  UpdateAdvancedConfigRequest,
  UpdateEndpointRequest,
} from './dto/webhooks.request';
import {
  ADVANCED_CONFIG,
  DELIVERIES,
  ENDPOINT,
  ENDPOINT_DELETED,
  ENDPOINT_SECRET,
  ENDPOINTS,
  RETRIED,
} from './dto/webhooks.response';

const NOT_ENABLED = {
  FAILED_PRECONDITION: 'advanced webhooks were never enabled for the API key',
};
const NOT_FOUND = { NOT_FOUND: 'no endpoint of the API key has this id' };

/** The delivery log and replay (D11.5), and advanced webhooks (hosted paths and shapes). */
@ApiTags('webhooks')
@Controller('v2/workspace')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('webhooks/deliveries/get', {
    message: 'Webhook deliveries retrieved successfully.',
    summary: "The API key's webhook deliveries, newest first, each with its attempts",
    data: GetDeliveriesRequest,
    response: DELIVERIES,
    pageToken: 'nextPageToken',
  })
  @ApiKeyAuth()
  deliveries(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetDeliveriesRequest) {
    const { status, eventType, endpointId, from, to, pageSize, pageToken } = data;
    return this.queries.execute(
      new GetDeliveriesQuery({
        tenant,
        filter: { status, eventType, endpointId, from, to },
        pageSize,
        pageToken,
      }),
    );
  }

  @Rpc('webhooks/deliveries/retry', {
    message: 'Webhook deliveries will be retried.',
    summary: 'Send a failed delivery again, or every failed delivery since a time',
    data: RetryDeliveriesRequest,
    response: RETRIED,
    errors: {
      NOT_FOUND: 'no delivery of the API key has this id',
      FAILED_PRECONDITION: 'the delivery has not failed (it is pending or delivered)',
    },
  })
  @ApiKeyAuth()
  retry(@Tenant() tenant: ApiKeyTenant, @RequestData() data: RetryDeliveriesRequest) {
    const { deliveryId, since } = data;
    return this.commands.execute(new RetryDeliveriesCommand({ tenant, deliveryId, since }));
  }

  @Rpc('advancedwebhookconfig/get', {
    message: 'Advanced webhook configuration retrieved successfully.',
    summary: 'The advanced webhook configuration of the API key (defaults before the first update)',
    response: ADVANCED_CONFIG,
  })
  @ApiKeyAuth()
  advancedConfig(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetAdvancedConfigQuery(tenant));
  }

  @Rpc('advancedwebhookconfig/update', {
    message: 'Advanced webhook configuration updated successfully.',
    summary: 'Change the advanced webhook configuration; the first update must enable it',
    data: UpdateAdvancedConfigRequest,
    response: ADVANCED_CONFIG,
    errors: { FAILED_PRECONDITION: 'the first update does not send isEnabled: true' },
  })
  @ApiKeyAuth()
  updateAdvancedConfig(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdateAdvancedConfigRequest,
  ) {
    const { isEnabled, encryptData, encodeData, publicKey, enableDataProtection } = data;
    return this.commands.execute(
      new UpdateAdvancedConfigCommand({
        tenant,
        change: { isEnabled, encryptData, encodeData, publicKey, enableDataProtection },
      }),
    );
  }

  @Rpc('advancedwebhook/endpoints/create', {
    message: 'Advanced webhook endpoint created successfully.',
    summary: 'Add a delivery endpoint; its signing secret is made by the server',
    data: CreateEndpointRequest,
    response: ENDPOINT,
    errors: NOT_ENABLED,
  })
  @ApiKeyAuth()
  createEndpoint(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CreateEndpointRequest) {
    const { url, description, filterTypes, channels, disabled, rateLimit, uid, metadata } = data;
    return this.commands.execute(
      new AddEndpointCommand({
        tenant,
        endpoint: { url, description, filterTypes, channels, disabled, rateLimit, uid, metadata },
      }),
    );
  }

  @Rpc('advancedwebhook/endpoints/get', {
    message: 'Advanced webhook endpoints retrieved successfully.',
    summary: 'The delivery endpoints of the API key, in pages (`iterator`)',
    data: GetEndpointsRequest,
    response: ENDPOINTS,
    errors: NOT_ENABLED,
  })
  @ApiKeyAuth()
  endpoints(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetEndpointsRequest) {
    return this.queries.execute(new GetEndpointsQuery(tenant, data.limit, data.iterator));
  }

  @Rpc('advancedwebhook/endpoints/update', {
    message: 'Advanced webhook endpoint updated successfully.',
    summary: 'Change a delivery endpoint; fields not sent are kept',
    data: UpdateEndpointRequest,
    response: ENDPOINT,
    errors: { ...NOT_ENABLED, ...NOT_FOUND },
  })
  @ApiKeyAuth()
  updateEndpoint(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateEndpointRequest) {
    const { endpointId, url, description, filterTypes, channels, disabled, rateLimit, metadata } =
      data;
    return this.commands.execute(
      new UpdateEndpointCommand({
        tenant,
        endpointId,
        changes: { url, description, filterTypes, channels, disabled, rateLimit, metadata },
      }),
    );
  }

  @Rpc('advancedwebhook/endpoints/delete', {
    message: 'Advanced webhook endpoint deleted successfully.',
    summary: 'Remove a delivery endpoint; its pending deliveries are not sent',
    data: EndpointIdRequest,
    response: ENDPOINT_DELETED,
    errors: { ...NOT_ENABLED, ...NOT_FOUND },
  })
  @ApiKeyAuth()
  deleteEndpoint(@Tenant() tenant: ApiKeyTenant, @RequestData() data: EndpointIdRequest) {
    return this.commands.execute(
      new DeleteEndpointCommand({ tenant, endpointId: data.endpointId }),
    );
  }

  @Rpc('advancedwebhook/endpoints/secret/get', {
    message: 'Advanced webhook endpoint secret retrieved successfully.',
    summary: "An endpoint's `whsec_` signing secret, to verify its deliveries",
    data: EndpointIdRequest,
    response: ENDPOINT_SECRET,
    errors: { ...NOT_ENABLED, ...NOT_FOUND },
  })
  @ApiKeyAuth()
  endpointSecret(@Tenant() tenant: ApiKeyTenant, @RequestData() data: EndpointIdRequest) {
    return this.queries.execute(new GetEndpointSecretQuery(tenant, data.endpointId));
  }
}
