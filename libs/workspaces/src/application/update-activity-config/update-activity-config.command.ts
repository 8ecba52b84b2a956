import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { ActivityConfigChange, ActivityServiceConfig } from '../../domain/activity-config';

/** D7.4: `POST /v2/workspace/activityconfig/update`; answers the config as now stored. */
export class UpdateActivityConfigCommand extends CommandOf<
  { tenant: ApiKeyTenant; change: ActivityConfigChange },
  {
    activityServiceConfig: ActivityServiceConfig;
  }
>() {}
