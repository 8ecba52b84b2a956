import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { NotificationSelection } from '../common/notification-selection';

/**
 * The hosted delete (D9.5): the given ids, each an item; without ids, every notification the
 * selection holds, answered as a map of the ids deleted.
 */
export class DeleteNotificationsCommand extends CommandOf<
  { tenant: ApiKeyTenant; selection: NotificationSelection; notificationIds: string[] | undefined },
  BatchResult
>() {}
