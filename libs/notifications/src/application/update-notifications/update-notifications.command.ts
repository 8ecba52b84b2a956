import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { NotificationChangesDto } from '../../api/dto/update-notifications.request';
import type { NotificationSelection } from '../common/notification-selection';

/** The hosted update (D9.5): a missing notification, or one outside the selection, fails alone. */
export class UpdateNotificationsCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    selection: NotificationSelection;
    notifications: NotificationChangesDto[];
  },
  BatchResult
>() {}
