import { IsBoolean } from 'class-validator';
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
import type { ActivityChange, FeatureType } from '../../domain/activity.events';
import {
  ActionTypeText,
  ActivityIdText,
  ActivityUserDto,
  AnyValue,
  ChangesMap,
  FeatureTypeText,
} from './activity-fields';

/** One record of operation 18 (spec table). */
export class ActivityItemDto {
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
