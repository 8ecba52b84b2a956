import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, json, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetNotificationSettingsQuery } from '../application/get-notification-settings/get-notification-settings.query';
import { SetNotificationSettingsCommand } from '../application/set-notification-settings/set-notification-settings.command';
import { SETTINGS_SET_MESSAGE } from '../domain/notification-settings.aggregate';
import {
  GetNotificationSettingsRequest,
  SetNotificationSettingsRequest,
} from './dto/notification-settings.request';
import {
  NOTIFICATION_SETTINGS_SET,
  NOTIFICATION_SETTINGS_VIEW,
} from './dto/notification-settings.response';

/** Per-user notification settings (D9.6), the hosted config/set and config/get. */
@ApiTags('notifications')
@Controller()
export class NotificationSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('v2/notifications/config/set', {
    message: SETTINGS_SET_MESSAGE,
    summary: 'Set the notification settings of users, for an organization or some of its documents',
    data: SetNotificationSettingsRequest,
    response: NOTIFICATION_SETTINGS_SET,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  set(@Tenant() tenant: ApiKeyTenant, @RequestData() data: SetNotificationSettingsRequest) {
    const { organizationId, documentIds, userIds, config } = data;
    return this.commands.execute(
      new SetNotificationSettingsCommand({
        tenant,
        organizationId,
        documentIds,
        userIds,
        channels: config,
      }),
    );
  }

  @Rpc('v2/notifications/config/get', {
    message: 'User config fetched successfully.',
    summary: "Read a user's notification settings in force, per document or for the organization",
    data: GetNotificationSettingsRequest,
    response: json.arrayOf(NOTIFICATION_SETTINGS_VIEW),
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetNotificationSettingsRequest) {
    const { organizationId, userId, documentIds = [], getOrganizationConfig } = data;
    if (!getOrganizationConfig && documentIds.length === 0) {
      throw ServiceError.invalidField(
        'data.documentIds',
        'documentIds is required unless getOrganizationConfig is true',
      );
    }
    return this.queries.execute(
      new GetNotificationSettingsQuery({
        tenant,
        organizationId,
        userId,
        documentIds,
        organizationLevel: getOrganizationConfig,
      }),
    );
  }
}
