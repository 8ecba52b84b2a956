import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { NotificationSwitch } from '../../domain/api-key.events';
import type { NotificationConfigChange } from '../../domain/notification-config';

/** D9.8: `POST /v2/workspace/notificationconfig/update`; answers the switch as now stored. */
export class UpdateNotificationConfigCommand extends CommandOf<
  { tenant: ApiKeyTenant; change: Omit<NotificationConfigChange, 'seedDefaultTriggers'> },
  NotificationSwitch
>() {}
