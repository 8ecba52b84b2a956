import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { PermissionProviderView } from '../common/provider-view';

export interface PermissionProviderInput {
  usePermissionProvider?: boolean;
  permissionProviderConfig?: { permissionProviderUrl?: string; authToken?: string };
}

/** `/v2/workspace/permissionproviderconfig/update`: merged into what is stored (hosted). */
export class UpdatePermissionProviderConfigCommand extends CommandOf<
  { tenant: ApiKeyTenant; input: PermissionProviderInput },
  PermissionProviderView
>() {}
