import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserItem, UserTarget } from '../common/user-item';

/** Operation 15: an unknown user fails only its own item. */
export class UpdateUsersCommand extends CommandOf<
  { tenant: ApiKeyTenant; target: UserTarget; users: UserItem[] },
  BatchResult
>() {}
