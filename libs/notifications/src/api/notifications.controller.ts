import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { refusedWhenDisabled } from '@app/documents';
import { ApiTags, CONFLICT, json, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { AddNotificationCommand } from '../application/add-notification/add-notification.command';
import { GetNotificationsQuery } from '../application/get-notifications/get-notifications.query';
import { NOTIFICATION_MESSAGES } from '../domain/notification.aggregate';
import { AddNotificationRequest } from './dto/add-notification.request';
import { GetNotificationsRequest } from './dto/get-notifications.request';
import { NOTIFICATION_ADDED, NOTIFICATION_VIEW } from './dto/notification.response';

const ADD = {
  message: NOTIFICATION_MESSAGES.added,
  summary: 'Add a notification, or replace the one with its notificationId',
  data: AddNotificationRequest,
  response: NOTIFICATION_ADDED,
  errors: refusedWhenDisabled({
    ...CONFLICT,
    NOT_FOUND: 'the organization or document does not exist and its create flag is not set',
  }),
};

/** Operations 22 and 23. */
@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Operation 23. */
  @Rpc('v1/notifications/add', ADD)
  @ApiKeyAuth()
  add(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddNotificationRequest) {
    return this.commands.execute(new AddNotificationCommand({ tenant, input: data }));
  }

  /** Operation 23 at the hosted v2 path (D6.8): the same handler. */
  @Rpc('v2/notifications/add', ADD)
  @ApiKeyAuth()
  addV2(@Tenant() tenant: ApiKeyTenant, @RequestData() data: AddNotificationRequest) {
    return this.add(tenant, data);
  }

  /** Operation 22 (not gated by advanced queries, D9.3). */
  @Rpc('v2/notifications/get', {
    message: 'Notification(s) retrieved successfully.',
    summary: 'Read notifications of a document or addressed to a user, newest first by default',
    data: GetNotificationsRequest,
    response: json.arrayOf(NOTIFICATION_VIEW),
    pageToken: 'pageToken',
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetNotificationsRequest) {
    const { pageSize, pageToken, ...filter } = data;
    return this.queries.execute(new GetNotificationsQuery({ tenant, filter, pageSize, pageToken }));
  }
}
