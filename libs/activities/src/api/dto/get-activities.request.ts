import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import {
  DEFAULT_PAGE_SIZE,
  IdFilter,
  IsCallerId,
  MAX_BATCH_ITEMS,
  OptionalField,
  PageSize,
  PageToken,
  RequiredId,
} from '@app/platform';
import { FEATURE_TYPES, type FeatureType } from '../../domain/activity.events';

/**
 * `/v2/activities/get` (D7.3): an organization's records, narrowed by every filter given at
 * once, in keyset pages ordered by timestamp then id. An empty list filters nothing.
 */
export class GetActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @OptionalField()
  @IsCallerId()
  targetEntityId?: string;

  /** The acting user (`actionUser.userId`). */
  @OptionalField()
  @IsCallerId()
  userId?: string;

  @OptionalField()
  @IsArray()
  @ArrayMaxSize(FEATURE_TYPES.length * 2)
  @IsIn(FEATURE_TYPES, {
    each: true,
    message: `each item of $property must be one of ${FEATURE_TYPES.join(', ')}`,
  })
  featureTypes?: FeatureType[];

  @OptionalField()
  @IsArray()
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsString({ each: true })
  @MinLength(1, { each: true })
  @MaxLength(512, { each: true })
  actionTypes?: string[];

  @IdFilter()
  activityIds?: string[];

  @PageSize()
  pageSize: number = DEFAULT_PAGE_SIZE;

  @PageToken()
  pageToken?: string;

  @OptionalField()
  @IsIn(['asc', 'desc'], { message: '$property must be asc or desc' })
  order: 'asc' | 'desc' = 'desc';
}
