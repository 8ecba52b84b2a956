import { IsBoolean, Matches } from 'class-validator';
import {
  FreeObject,
  NestedList,
  NestedObject,
  OptionalField,
  OptionalText,
  RequiredId,
  MAX_BATCH_ITEMS,
} from '@app/platform';
import { NOTIFICATION_ID } from '../../domain/notification-id';
import { NotificationLocationDto, NotificationUserDto } from './notification-user.dto';

/** `context` of the hosted add: key-value pairs for context-based filtering, stored as given. */
export class NotificationContextDto {
  @FreeObject('required')
  access: Record<string, unknown>;
}

/** Operation 23 (`/v1/notifications/add`, `/v2/notifications/add`). */
export class AddNotificationRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  documentId: string;

  @NestedObject(() => NotificationUserDto)
  actionUser: NotificationUserDto;

  /** D4.3: letters, digits, `_` and `-`, at most 128. */
  @OptionalField()
  @Matches(NOTIFICATION_ID, {
    message: '$property may hold only letters, digits, _ and - (1 to 128 characters)',
  })
  notificationId?: string;

  /** Required unless `isNotificationResolverUsed` (hosted); the handler checks it. */
  @OptionalText(10_000)
  displayHeadlineMessageTemplate?: string;

  @FreeObject()
  displayHeadlineMessageTemplateData?: Record<string, unknown>;

  @OptionalText(100_000)
  displayBodyMessage?: string;

  @NestedList(() => NotificationUserDto, { max: MAX_BATCH_ITEMS, optional: true })
  notifyUsers?: NotificationUserDto[];

  /** D9.4: true when absent. */
  @OptionalField()
  @IsBoolean()
  notifyAll?: boolean;

  @OptionalField()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: '$property must be a short name such as custom' })
  notificationSource?: string;

  @FreeObject()
  notificationSourceData?: Record<string, unknown>;

  @NestedObject(() => NotificationLocationDto, 'optional')
  location?: NotificationLocationDto;

  @OptionalField()
  @IsBoolean()
  createDocument?: boolean;

  @OptionalField()
  @IsBoolean()
  createOrganization?: boolean;

  @OptionalField()
  @IsBoolean()
  verifyUserPermissions?: boolean;

  @OptionalField()
  @IsBoolean()
  isNotificationResolverUsed?: boolean;

  @NestedObject(() => NotificationContextDto, 'optional')
  context?: NotificationContextDto;
}
