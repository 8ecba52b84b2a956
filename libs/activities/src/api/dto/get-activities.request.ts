import { IsIn } from 'class-validator';
import {
  DEFAULT_PAGE_SIZE,
  IdFilter,
  IsCallerId,
  OptionalField,
  PageSize,
  PageToken,
  RequiredId,
} from '@app/platform';
import type { FeatureType } from '../../domain/activity.events';
import { ActionTypeFilter, FeatureTypeFilter } from './activity-fields';

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

  @FeatureTypeFilter()
  featureTypes?: FeatureType[];

  @ActionTypeFilter()
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
