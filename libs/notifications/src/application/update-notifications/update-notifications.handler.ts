import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamBatchRunner, type BatchResult } from '@app/event-store';
import type { NotificationChangesDto } from '../../api/dto/update-notifications.request';
import { NOTIFICATION_MESSAGES } from '../../domain/notification.aggregate';
import type { NotificationChanges } from '../../domain/notification.events';
import { notificationBatch } from '../common/notification-batch';
import { UpdateNotificationsCommand } from './update-notifications.command';

/** The fields an item gives, and only those: an absent one is left as it is. */
function changesOf(item: NotificationChangesDto): NotificationChanges {
  return {
    ...(item.actionUser && { actionUser: { ...item.actionUser } }),
    ...(item.displayHeadlineMessageTemplate !== undefined && {
      displayHeadlineMessageTemplate: item.displayHeadlineMessageTemplate,
    }),
    ...(item.displayHeadlineMessageTemplateData && {
      displayHeadlineMessageTemplateData: item.displayHeadlineMessageTemplateData,
    }),
    ...(item.displayBodyMessage !== undefined && { displayBodyMessage: item.displayBodyMessage }),
    ...(item.notificationSourceData && { notificationSourceData: item.notificationSourceData }),
  };
}

/** One batch (D5): every stream read in one query, all changes in one append. */
@CommandHandler(UpdateNotificationsCommand)
export class UpdateNotificationsHandler implements ICommandHandler<UpdateNotificationsCommand> {
  constructor(private readonly batches: StreamBatchRunner) {}

  execute({ tenant, selection, notifications }: UpdateNotificationsCommand): Promise<BatchResult> {
    const at = Date.now();
    return this.batches.run(
      notificationBatch(
        tenant,
        selection,
        notifications,
        (item) => item.id,
        NOTIFICATION_MESSAGES.updateFailed,
        (notification, item) =>
          notification.update(
            changesOf(item),
            item.readByUserIds && {
              userIds: [...new Set(item.readByUserIds)],
              persist: item.persistReadForUsers ?? false,
            },
            at,
          ),
      ),
    );
  }
}
