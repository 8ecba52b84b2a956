import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserTarget } from '../common/user-item';

/**
 * `POST /v2/users/delete` (hosted): removes users from the organization (every record of
 * theirs in it, at any scope, and their group memberships) or from one document or folder
 * (that record). A user with nothing to remove fails its item (`not-found`). What they wrote
 * stays: erasing it is the user data deletion job's work (operation 16, D8.3).
 */
export class RemoveUsersCommand extends CommandOf<
  { tenant: ApiKeyTenant; target: UserTarget; userIds: string[] },
  BatchResult
>() {}
