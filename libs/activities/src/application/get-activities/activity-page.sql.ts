import { ACTIVITY_COLUMNS } from '../common/activity-row';
import type { ActivityFilter } from './get-activities.query';

export type ActivityPagePosition = [ts: string, id: string];

/** A filter's lists as the statement and the token scope see them: unique, sorted, or none. */
export interface ListFilters {
  featureTypes: string[] | null;
  actionTypes: string[] | null;
  activityIds: string[] | null;
}

/**
 * One page of records after `after`, `limit` rows. The document, target, user and action
 * type each have an index `(api_key, organization_id, <column>, ts, activity_id)`, so
 * whichever the planner walks, the page is the equality prefix, then the keyset condition
 * on (ts, id) in index order, cut at `limit`: no offset and no count, so page 1000 costs
 * what page 1 does. The other filters are checked on the rows walked (feature types alone
 * walk the organization's index).
 */
export function activityPageSql(
  apiKey: string,
  filter: ActivityFilter,
  lists: ListFilters,
  after: ActivityPagePosition | null,
  limit: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`a.api_key = ${p(apiKey)}`, `a.organization_id = ${p(filter.organizationId)}`];
  if (filter.documentId !== undefined) where.push(`a.document_id = ${p(filter.documentId)}`);
  if (filter.targetEntityId !== undefined) {
    where.push(`a.target_entity_id = ${p(filter.targetEntityId)}`);
  }
  if (filter.userId !== undefined) where.push(`a.user_id = ${p(filter.userId)}`);
  if (lists.featureTypes) where.push(`a.feature_type = ANY(${p(lists.featureTypes)}::text[])`);
  // One action type as an equality: its index then yields the page in order.
  if (lists.actionTypes?.length === 1) where.push(`a.action_type = ${p(lists.actionTypes[0])}`);
  else if (lists.actionTypes) {
    where.push(`a.action_type = ANY(${p(lists.actionTypes)}::text[])`);
  }
  if (lists.activityIds) where.push(`a.activity_id = ANY(${p(lists.activityIds)}::text[])`);
  const order = filter.order;
  if (after) {
    const cmp = order === 'desc' ? '<' : '>';
    where.push(`(a.ts, a.activity_id) ${cmp} (${p(after[0])}::bigint, ${p(after[1])}::text)`);
  }
  const sql = `SELECT ${ACTIVITY_COLUMNS} FROM activities a WHERE ${where.join(' AND ')}
    ORDER BY a.ts ${order}, a.activity_id ${order} LIMIT ${p(limit)}`;
  return { sql, params };
}
