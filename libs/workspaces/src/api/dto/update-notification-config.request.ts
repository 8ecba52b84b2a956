import { IsBoolean } from 'class-validator';
import { NestedObject, OptionalField } from '@app/platform';
import { NotificationServiceConfigDto } from './notification-service-config.dto';

/** D9.8: at least one of the two (checked by the handler, with the hosted message). */
export class UpdateNotificationConfigRequest {
  @OptionalField() @IsBoolean() useNotificationService?: boolean;
  @NestedObject(() => NotificationServiceConfigDto, 'optional')
  notificationServiceConfig?: NotificationServiceConfigDto;
}
