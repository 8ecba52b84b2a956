import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserItem, UserTarget } from '../common/user-item';

/** The hosted flags of users/add: which missing part of the target is made, not refused. */
export interface TargetCreation {
  organization: boolean;
  folder: boolean;
  document: boolean;
}

/**
 * `POST /v2/users/add` (D8.1): a missing organization, folder or document fails the call with
 * NOT_FOUND unless its create flag is set (as D6.3 and D6.4 for documents/add).
 */
export class AddUsersCommand extends CommandOf<
  { tenant: ApiKeyTenant; target: UserTarget; users: UserItem[]; create: TargetCreation },
  BatchResult
>() {}
