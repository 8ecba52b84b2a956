import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { AdvancedConfig } from '../../domain/webhook-settings.events';

/** `advancedwebhookconfig/get`: defaults before the first update. */
export class GetAdvancedConfigQuery extends Query<AdvancedConfig> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
