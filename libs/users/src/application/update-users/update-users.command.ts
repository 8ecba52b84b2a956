import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { UserItem, UserTarget } from '../common/user-item';

/** Operation 15: an unknown user fails only its own item. */
export class UpdateUsersCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly target: UserTarget,
    readonly users: UserItem[],
  ) {
    super();
  }
}
