import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { ActivityView } from '../../domain/activity-view';
import type { FeatureType } from '../../domain/activity.events';

/** What a read narrows by; every filter given applies at once. */
export interface ActivityFilter {
  organizationId: string;
  documentId?: string;
  targetEntityId?: string;
  userId?: string;
  featureTypes?: FeatureType[];
  actionTypes?: string[];
  activityIds?: string[];
  order: 'asc' | 'desc';
}

/** `/v2/activities/get`: one keyset page of an organization's records. */
export class GetActivitiesQuery extends QueryOf<
  { tenant: ApiKeyTenant; filter: ActivityFilter; pageSize: number; pageToken: string | undefined },
  Page<ActivityView>
>() {}
