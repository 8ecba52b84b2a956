import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { ActivityServiceConfig } from '../../domain/activity-config';

/** D7.4: `POST /v2/workspace/activityconfig/get`; the activity service as stored. */
export class GetActivityConfigQuery extends Query<{
  activityServiceConfig: ActivityServiceConfig;
}> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
