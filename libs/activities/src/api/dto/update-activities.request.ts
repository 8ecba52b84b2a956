import {
  FreeObject,
  IsCallerId,
  OptionalText,
  RequiredField,
  RequiredId,
  BatchOf,
} from '@app/platform';
import type { ActivityChange } from '../../domain/activity.events';
import { AnyValue, ChangesMap } from './activity-fields';

/** One record of operation 19: its id and the fields to change; absent ones are kept. */
export class ActivityChangesDto {
  @RequiredField()
  @IsCallerId()
  id: string;

  @ChangesMap()
  changes?: Record<string, ActivityChange>;

  @AnyValue()
  entityData?: unknown;

  @AnyValue()
  entityTargetData?: unknown;

  @OptionalText(10_000)
  displayMessageTemplate?: string;

  @FreeObject()
  displayMessageTemplateData?: Record<string, unknown>;

  @OptionalText(2048)
  actionIcon?: string;
}

/** Operation 19 (`/v2/activities/update`). */
export class UpdateActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @BatchOf(() => ActivityChangesDto)
  activities: ActivityChangesDto[];
}
