import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AccessSettingsStore } from '../common/access-settings.store';
import { providerView } from '../common/provider-view';
import { GetPermissionProviderConfigQuery } from './get-permission-provider-config.query';

/** A key that never set one answers the hosted empty config (off, empty URL and token). */
@QueryHandler(GetPermissionProviderConfigQuery)
export class GetPermissionProviderConfigHandler implements IQueryHandler<GetPermissionProviderConfigQuery> {
  constructor(private readonly settings: AccessSettingsStore) {}

  async execute({ tenant }: GetPermissionProviderConfigQuery) {
    return providerView((await this.settings.load(tenant.apiKey)).provider);
  }
}
