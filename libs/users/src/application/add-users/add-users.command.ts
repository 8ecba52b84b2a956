import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserItem, UserTarget } from '../common/user-item';

/** `POST /v2/users/add` (D8.1): a missing organization is made, as the hosted service does. */
export class AddUsersCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly target: UserTarget,
    readonly users: UserItem[],
  ) {
    super();
  }
}
