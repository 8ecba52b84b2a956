import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { ResourceInput } from '../common/resource-targets';

/** `/v2/auth/permissions/remove`: revokes grants of one user. */
export class RemovePermissionsCommand extends Command<null> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly userId: string,
    readonly resources: ResourceInput[],
  ) {
    super();
  }
}
