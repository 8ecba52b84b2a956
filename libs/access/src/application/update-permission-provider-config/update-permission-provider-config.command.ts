import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { PermissionProviderView } from '../common/provider-view';

export interface PermissionProviderInput {
  usePermissionProvider?: boolean;
  permissionProviderConfig?: { permissionProviderUrl?: string; authToken?: string };
}

/** `/v2/workspace/permissionproviderconfig/update`: merged into what is stored (hosted). */
export class UpdatePermissionProviderConfigCommand extends Command<PermissionProviderView> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly input: PermissionProviderInput,
  ) {
    super();
  }
}
