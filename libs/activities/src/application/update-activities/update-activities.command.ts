import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { ActivityChangesDto } from '../../api/dto/update-activities.request';
import type { ActivityBatchResult } from '../common/activity-batch';

/** Operation 19: each record changed on its own; a missing or immutable one fails alone. */
export class UpdateActivitiesCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; activities: ActivityChangesDto[] },
  ActivityBatchResult
>() {}
