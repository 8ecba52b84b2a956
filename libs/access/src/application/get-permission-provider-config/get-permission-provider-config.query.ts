import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { PermissionProviderView } from '../common/provider-view';

/** `/v2/workspace/permissionproviderconfig/get` (API-key level, hosted). */
export class GetPermissionProviderConfigQuery extends Query<PermissionProviderView> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
