import type { NotificationContent } from '../../domain/notification.events';
import { addresseesOf } from '../../read-models/notification.projection';

/**
 * What the hosted update and delete may touch (D9.5): notifications of one organization,
 * narrowed by any of these, all given ones at once.
 */
export interface NotificationSelection {
  organizationId: string;
  documentId?: string;
  locationId?: string;
  /** Only notifications addressed to this user: those their inbox holds. */
  userId?: string;
}

/** Whether a notification lies inside the selection: the rule every item is decided by. */
export function isSelected(content: NotificationContent, s: NotificationSelection): boolean {
  if (s.documentId !== undefined && content.documentId !== s.documentId) return false;
  if (s.locationId !== undefined && content.location?.id !== s.locationId) return false;
  // The inbox's own rule, so the decision and the read tables' proposals agree.
  return s.userId === undefined || addresseesOf(content).includes(s.userId);
}

/** Where a walk of the selection stands: the last (ts, id) it has seen. */
export type SelectionPosition = [ts: string, id: string];

/**
 * One chunk of the selection's notification ids after `after`, in (ts, id) order, as the
 * read tables show them: addressed to a user through their inbox (its page index), else
 * by the document index or the organization's rows. The read tables only propose: each
 * proposed notification is checked again by `isSelected` on its stream.
 */
export function selectionChunkSql(
  apiKey: string,
  s: NotificationSelection,
  after: SelectionPosition | null,
  limit: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // The walk follows the table that leads: the inbox when a user is named.
  const lead = s.userId !== undefined ? 'i' : 'n';
  const where = [
    `${lead}.api_key = ${p(apiKey)}`,
    `${lead}.organization_id = ${p(s.organizationId)}`,
  ];
  let from = 'notifications n';
  if (s.userId !== undefined) {
    from = `notification_inbox i JOIN notifications n ON n.api_key = i.api_key
      AND n.organization_id = i.organization_id AND n.notification_id = i.notification_id`;
    where.push(`i.user_id = ${p(s.userId)}`);
  }
  if (s.documentId !== undefined) where.push(`n.document_id = ${p(s.documentId)}`);
  if (s.locationId !== undefined) where.push(`n.location_id = ${p(s.locationId)}`);
  if (after) {
    where.push(
      `(${lead}.ts, ${lead}.notification_id) > (${p(after[0])}::bigint, ${p(after[1])}::text)`,
    );
  }
  const sql = `SELECT ${lead}.ts, ${lead}.notification_id FROM ${from}
    WHERE ${where.join(' AND ')}
    ORDER BY ${lead}.ts, ${lead}.notification_id LIMIT ${p(limit)}`;
  return { sql, params };
}
