import { IsBoolean, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  BatchOf,
  FreeObject,
  IsCallerId,
  NestedObject,
  OptionalField,
  OptionalText,
  RequiredField,
  RequiredId,
} from '@app/platform';
import { FEATURE_TYPES, type ActivityChange, type FeatureType } from '../../domain/activity.events';
import { ACTIVITY_ID, ACTIVITY_ID_RULE } from '../../application/common/activity-id';
import { ActivityUserDto, AnyValue, ChangesMap } from './activity-fields';

/** One record of operation 18 (spec table). */
export class ActivityItemDto {
  /** Replaces the record with this id when it exists (D7.1). */
  @OptionalField()
  @IsString()
  @Matches(ACTIVITY_ID, ACTIVITY_ID_RULE)
  id?: string;

  @RequiredField()
  @IsIn(FEATURE_TYPES, { message: `$property must be one of ${FEATURE_TYPES.join(', ')}` })
  featureType: FeatureType;

  @RequiredField()
  @IsString()
  @MinLength(1, { message: '$property must not be empty' })
  @MaxLength(512)
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
