import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { ActivityConfigChange, ActivityServiceConfig } from '../../domain/activity-config';

/** D7.4: `POST /v2/workspace/activityconfig/update`; answers the config as now stored. */
export class UpdateActivityConfigCommand extends Command<{
  activityServiceConfig: ActivityServiceConfig;
}> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly change: ActivityConfigChange,
  ) {
    super();
  }
}
