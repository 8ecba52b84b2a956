import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { ResourceInput } from '../common/resource-targets';

/** `/v2/auth/permissions/remove`: revokes grants of one user. */
export class RemovePermissionsCommand extends CommandOf<
  { tenant: ApiKeyTenant; userId: string; resources: ResourceInput[] },
  null
>() {}
