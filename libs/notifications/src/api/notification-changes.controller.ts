import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags, BATCH_RESULT, CONFLICT, RequestData, Rpc, ServiceError } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import type { NotificationSelection } from '../application/common/notification-selection';
import { DeleteNotificationsCommand } from '../application/delete-notifications/delete-notifications.command';
import { UpdateNotificationsCommand } from '../application/update-notifications/update-notifications.command';
import { DeleteNotificationsRequest } from './dto/delete-notifications.request';
import type { NotificationSelectionRequest } from './dto/notification-selection.request';
import { UpdateNotificationsRequest } from './dto/update-notifications.request';

const selectionOf = ({
  organizationId,
  documentId,
  locationId,
  userId,
}: NotificationSelectionRequest): NotificationSelection => ({
  organizationId,
  documentId,
  locationId,
  userId,
});

/** The ids a delete names: `notificationIds`, or the hosted `notifications: [{id}]`. */
function idsOf(data: DeleteNotificationsRequest): string[] | undefined {
  if (data.notificationIds && data.notifications) {
    throw ServiceError.invalidField(
      'data.notifications',
      'give notificationIds or notifications, not both',
    );
  }
  const ids = data.notificationIds ?? data.notifications?.map((n) => n.id);
  if (!ids && [data.documentId, data.locationId, data.userId].every((f) => f === undefined)) {
    throw ServiceError.invalidField(
      'data.notificationIds',
      'give notificationIds, documentId, locationId or userId',
    );
  }
  return ids;
}

/** The hosted update and delete of notifications (D9.5), not gated by advanced queries. */
@ApiTags('notifications')
@Controller()
export class NotificationChangesController {
  constructor(private readonly commands: CommandBus) {}

  @Rpc('v2/notifications/update', {
    message: 'Notification(s) updated successfully.',
    summary: 'Change fields and read state of notifications, each id answered on its own',
    data: UpdateNotificationsRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  update(@Tenant() tenant: ApiKeyTenant, @RequestData() data: UpdateNotificationsRequest) {
    return this.commands.execute(
      new UpdateNotificationsCommand({
        tenant,
        selection: selectionOf(data),
        notifications: data.notifications,
      }),
    );
  }

  @Rpc('v2/notifications/delete', {
    message: 'Notification(s) deleted successfully.',
    summary: 'Delete notifications by id, or every one of a document, location or user',
    data: DeleteNotificationsRequest,
    response: BATCH_RESULT,
    errors: CONFLICT,
  })
  @ApiKeyAuth()
  delete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: DeleteNotificationsRequest) {
    return this.commands.execute(
      new DeleteNotificationsCommand({
        tenant,
        selection: selectionOf(data),
        notificationIds: idsOf(data),
      }),
    );
  }
}
