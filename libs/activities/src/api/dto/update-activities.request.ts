import { BatchOf, IsCallerId, RequiredField, RequiredId } from '@app/platform';
import { AmendableActivityFields } from './amendable-activity-fields';

/** One record of operation 19: its id and the fields to change; absent ones are kept. */
export class ActivityChangesDto extends AmendableActivityFields {
  @RequiredField()
  @IsCallerId()
  id: string;
}

/** Operation 19 (`/v2/activities/update`). */
export class UpdateActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @BatchOf(() => ActivityChangesDto)
  activities: ActivityChangesDto[];
}
