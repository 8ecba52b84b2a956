import { IsBoolean, IsString, Matches } from 'class-validator';
import {
  BatchOf,
  FreeObject,
  IdFilter,
  NestedObject,
  OptionalField,
  OptionalText,
  RequiredField,
} from '@app/platform';
import { NOTIFICATION_ID } from '../../domain/notification-id';
import { NotificationSelectionRequest } from './notification-selection.request';
import { NotificationUserDto } from './notification-user.dto';

export const NOTIFICATION_ID_RULE = {
  message: '$property may hold only letters, digits, _ and - (1 to 128 characters)',
};

/** One notification of the hosted update: its id, the fields to change, who read it. */
export class NotificationChangesDto {
  @RequiredField()
  @IsString()
  @Matches(NOTIFICATION_ID, NOTIFICATION_ID_RULE)
  id: string;

  @NestedObject(() => NotificationUserDto, 'optional')
  actionUser?: NotificationUserDto;

  @OptionalText(10_000)
  displayHeadlineMessageTemplate?: string;

  @FreeObject()
  displayHeadlineMessageTemplateData?: Record<string, unknown>;

  @OptionalText(100_000)
  displayBodyMessage?: string;

  @FreeObject()
  notificationSourceData?: Record<string, unknown>;

  /** Users who have now read it. */
  @IdFilter()
  readByUserIds?: string[];

  /** With `readByUserIds`: the read notification stays in their "For You" list. */
  @OptionalField()
  @IsBoolean()
  persistReadForUsers?: boolean;
}

/** `/v2/notifications/update` (D9.5). */
export class UpdateNotificationsRequest extends NotificationSelectionRequest {
  /**
   * Accepted for the hosted body and stored nowhere: the hosted service keeps a copy per
   * user and skips the copies of users without access; here a notification is one record,
   * and who sees it is decided when it is read (D9.3).
   */
  @OptionalField()
  @IsBoolean()
  verifyUserPermissions?: boolean;

  @BatchOf(() => NotificationChangesDto)
  notifications: NotificationChangesDto[];
}
