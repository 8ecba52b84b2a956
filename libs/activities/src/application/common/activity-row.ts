import { activityView, type ActivityView } from '../../domain/activity-view';
import type { ActivityContent } from '../../domain/activity.events';

/** The columns of an `activities` row a read shows. */
export interface ActivityRow {
  api_key: string;
  organization_id: string;
  activity_id: string;
  ts: string | number;
  record: ActivityContent;
}

export const ACTIVITY_COLUMNS = 'a.api_key, a.organization_id, a.activity_id, a.ts, a.record';

export const viewOfRow = (row: ActivityRow): ActivityView =>
  activityView(
    { apiKey: row.api_key, organizationId: row.organization_id, activityId: row.activity_id },
    row.record,
  );
