import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches } from 'class-validator';
import { MAX_BATCH_ITEMS, NestedList, OptionalField, RequiredField } from '@app/platform';
import { NOTIFICATION_ID } from '../../domain/notification-id';
import { NotificationSelectionRequest } from './notification-selection.request';
import { NOTIFICATION_ID_RULE } from './update-notifications.request';

/** An item of the hosted body's `notifications`: only its id is read. */
export class NotificationIdDto {
  @RequiredField()
  @IsString()
  @Matches(NOTIFICATION_ID, NOTIFICATION_ID_RULE)
  id: string;
}

/**
 * `/v2/notifications/delete` (D9.5): by ids, or every notification the selection holds.
 * The hosted `notifications: [{id}]` is taken as `notificationIds`.
 */
export class DeleteNotificationsRequest extends NotificationSelectionRequest {
  @OptionalField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsString({ each: true })
  @Matches(NOTIFICATION_ID, { ...NOTIFICATION_ID_RULE, each: true })
  notificationIds?: string[];

  @NestedList(() => NotificationIdDto, { min: 1, max: MAX_BATCH_ITEMS, optional: true })
  notifications?: NotificationIdDto[];
}
