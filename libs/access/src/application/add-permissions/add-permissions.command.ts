import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AccessRole } from '../../domain/resource';
import type { ResourceInput } from '../common/resource-targets';

export interface GrantInput extends ResourceInput {
  accessRole?: AccessRole;
  expiresAt?: number;
}

/** `/v2/auth/permissions/add`: grants to one user, in one or more organizations. */
export class AddPermissionsCommand extends CommandOf<
  { tenant: ApiKeyTenant; userId: string; resources: GrantInput[] },
  null
>() {}
