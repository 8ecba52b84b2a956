import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '../../auth/tenant';
import type { NotificationSwitch } from '../../domain/api-key.events';

/** D9.8: `POST /v2/workspace/notificationconfig/get`; the switch as stored. */
export class GetNotificationConfigQuery extends Query<NotificationSwitch> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
