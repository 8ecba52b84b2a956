import { IsBoolean } from 'class-validator';
import {
  BatchOf,
  IsCallerId,
  NestedObject,
  OptionalField,
  OptionalText,
  RequiredField,
  RequiredId,
} from '@app/platform';
import type { FeatureType } from '../../domain/activity.events';
import {
  ActionTypeText,
  ActivityIdText,
  ActivityUserDto,
  FeatureTypeText,
} from './activity-fields';
import { AmendableActivityFields } from './amendable-activity-fields';

/** One record of operation 18 (spec table). */
export class ActivityItemDto extends AmendableActivityFields {
  /** Replaces the record with this id when it exists (D7.1). */
  @OptionalField()
  @ActivityIdText()
  id?: string;

  @RequiredField()
  @FeatureTypeText()
  featureType: FeatureType;

  @RequiredField()
  @ActionTypeText()
  actionType: string;

  /** A sub-event of the action (hosted `eventType`), stored as given. */
  @OptionalText(512)
  eventType?: string;

  @NestedObject(() => ActivityUserDto)
  actionUser: ActivityUserDto;

  /** Required when `featureType` is `custom` (hosted); the handler checks it. */
  @OptionalField()
  @IsCallerId()
  targetEntityId?: string;

  @OptionalField()
  @IsCallerId()
  targetSubEntityId?: string;

  @OptionalField()
  @IsBoolean()
  isActivityResolverUsed?: boolean;
}

/** Operation 18 (`/v2/activities/add`). */
export class AddActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  documentId: string;

  @BatchOf(() => ActivityItemDto)
  activities: ActivityItemDto[];
}
