import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { GetPermissionProviderConfigQuery } from '../application/get-permission-provider-config/get-permission-provider-config.query';
import { UpdatePermissionProviderConfigCommand } from '../application/update-permission-provider-config/update-permission-provider-config.command';
import { PERMISSION_PROVIDER_ANSWER } from './dto/access.response';
import { UpdatePermissionProviderConfigRequest } from './dto/permission-provider.request';

/** The permission provider settings of an API key (hosted, API-key level). */
@ApiTags('workspace')
@Controller('v2/workspace/permissionproviderconfig')
export class PermissionProviderController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('get', {
    message: 'Permission provider configuration retrieved successfully.',
    summary: "Read the API key's permission provider settings (its token masked)",
    response: PERMISSION_PROVIDER_ANSWER,
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant) {
    return this.queries.execute(new GetPermissionProviderConfigQuery(tenant));
  }

  @Rpc('update', {
    message: 'Permission provider configuration updated successfully.',
    summary: "Change the API key's permission provider settings (merged into what is stored)",
    data: UpdatePermissionProviderConfigRequest,
    response: PERMISSION_PROVIDER_ANSWER,
  })
  @ApiKeyAuth()
  update(
    @Tenant() tenant: ApiKeyTenant,
    @RequestData() data: UpdatePermissionProviderConfigRequest,
  ) {
    return this.commands.execute(
      new UpdatePermissionProviderConfigCommand({ tenant, input: data }),
    );
  }
}
