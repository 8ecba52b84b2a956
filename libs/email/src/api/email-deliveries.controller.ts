import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetEmailDeliveriesQuery } from '../application/get-email-deliveries/get-email-deliveries.query';
import { GetEmailDeliveriesRequest } from './dto/email-deliveries.request';
import { EMAIL_DELIVERIES } from './dto/email-deliveries.response';

/** The email log of an API key (D14.4): this server's own call, the hosted service has none. */
@ApiTags('email')
@Controller('v2/workspace')
export class EmailDeliveriesController {
  constructor(private readonly queries: QueryBus) {}

  @Rpc('email/deliveries/get', {
    message: 'Email deliveries retrieved successfully.',
    summary: "The API key's notification emails, newest first: status, attempts and times",
    data: GetEmailDeliveriesRequest,
    response: EMAIL_DELIVERIES,
    pageToken: 'pageToken',
  })
  @ApiKeyAuth()
  deliveries(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetEmailDeliveriesRequest) {
    const { status, userId, notificationId, documentId, organizationId, pageSize, pageToken } =
      data;
    return this.queries.execute(
      new GetEmailDeliveriesQuery({
        tenant,
        filter: { status, userId, notificationId, documentId, organizationId },
        pageSize,
        pageToken,
      }),
    );
  }
}
