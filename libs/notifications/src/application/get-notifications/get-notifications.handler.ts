import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, ServiceError, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import { notificationView, type NotificationRow } from '../common/notification-view';
import { documentOpenTo } from '../common/user-access';
import { GetNotificationsQuery, type NotificationFilter } from './get-notifications.query';

type Position = [ts: string, id: string];

/** Parameters of one statement, numbered as they are added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const COLUMNS = `n.api_key, n.organization_id, n.notification_id, n.ts, n.record, n.read_by`;

/**
 * Operation 22 (D9.3). A page costs its own rows: by document, one walk of the document
 * index; by user (and document, or location), the newest rows of the user's inbox merged
 * with the newest notifications for everyone, each an index walk from the token's position.
 */
@QueryHandler(GetNotificationsQuery)
export class GetNotificationsHandler implements IQueryHandler<GetNotificationsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, filter, pageSize, pageToken }: GetNotificationsQuery) {
    if (filter.documentId === undefined && filter.userId === undefined) {
      throw ServiceError.invalidField('data.documentId', 'give documentId or userId');
    }
    const ids = sortedIds(filter.notificationIds);
    const read = this.tokens.read<Position>(
      'notifications',
      tenant.apiKey,
      [
        filter.organizationId,
        filter.documentId,
        filter.locationId,
        filter.userId,
        ids,
        filter.order,
      ],
      pageSize,
      pageToken,
      'pageToken',
    );
    const p = new Params();
    const sql =
      filter.userId === undefined
        ? byDocument(p, tenant.apiKey, filter, ids, read.after, read.limit)
        : byUser(p, tenant.apiKey, filter, ids, read.after, read.limit);
    const rows: NotificationRow[] = await this.dataSource.query(sql, p.values);
    return read.page(
      rows,
      (row): Position => [String(row.ts), row.notification_id],
      (row) => notificationView(row, filter.userId),
    );
  }
}

/** The conditions every shape shares, on alias `n`: location, ids, and the page's start. */
function narrowing(
  p: Params,
  n: string,
  filter: NotificationFilter,
  ids: string[] | null,
  after: Position | null,
): string[] {
  const where: string[] = [];
  if (filter.locationId !== undefined) where.push(`${n}.location_id = ${p.add(filter.locationId)}`);
  if (ids) where.push(`${n}.notification_id = ANY(${p.add(ids)}::text[])`);
  if (after) {
    const cmp = filter.order === 'desc' ? '<' : '>';
    where.push(
      `(${n}.ts, ${n}.notification_id) ${cmp} (${p.add(after[0])}::bigint, ${p.add(after[1])}::text)`,
    );
  }
  return where;
}

const orderOf = (alias: string, order: 'asc' | 'desc') =>
  `ORDER BY ${alias}.ts ${order}, ${alias}.notification_id ${order}`;

function byDocument(
  p: Params,
  apiKey: string,
  filter: NotificationFilter,
  ids: string[] | null,
  after: Position | null,
  limit: number,
): string {
  const where = [
    `n.api_key = ${p.add(apiKey)}`,
    `n.organization_id = ${p.add(filter.organizationId)}`,
    `n.document_id = ${p.add(filter.documentId)}`,
    // Held back (D9.8): skipped on the index walk; the inbox never holds such rows.
    `n.held_until IS NULL`,
    ...narrowing(p, 'n', filter, ids, after),
  ];
  return `SELECT ${COLUMNS} FROM notifications n WHERE ${where.join(' AND ')}
    ${orderOf('n', filter.order)} LIMIT ${p.add(limit)}`;
}

function byUser(
  p: Params,
  apiKey: string,
  filter: NotificationFilter,
  ids: string[] | null,
  after: Position | null,
  limit: number,
): string {
  const key = p.add(apiKey);
  const org = p.add(filter.organizationId);
  const user = p.add(filter.userId);
  const max = p.add(limit);
  // The inbox row carries the notification's time, document and location. The merged page
  // is cut to its size before the join, so only its own rows are looked up.
  const document = filter.documentId !== undefined ? p.add(filter.documentId) : undefined;
  const addressed = [
    `i.api_key = ${key}`,
    `i.organization_id = ${org}`,
    `i.user_id = ${user}`,
    ...(document ? [`i.document_id = ${document}`] : []),
    ...narrowing(p, 'i', filter, ids, after),
  ];
  const everyone = [
    `e.api_key = ${key}`,
    `e.organization_id = ${org}`,
    `e.notify_all`,
    `e.held_until IS NULL`,
    ...(document ? [`e.document_id = ${document}`] : []),
    ...narrowing(p, 'e', filter, ids, after),
    documentOpenTo('e', user),
  ];
  return `SELECT ${COLUMNS} FROM (
      (SELECT i.ts, i.notification_id FROM notification_inbox i
       WHERE ${addressed.join(' AND ')}
       ${orderOf('i', filter.order)} LIMIT ${max})
      UNION
      (SELECT e.ts, e.notification_id FROM notifications e WHERE ${everyone.join(' AND ')}
       ${orderOf('e', filter.order)} LIMIT ${max})
      ORDER BY ts ${filter.order}, notification_id ${filter.order} LIMIT ${max}
    ) page
    JOIN notifications n ON n.api_key = ${key} AND n.organization_id = ${org}
      AND n.notification_id = page.notification_id
    ${orderOf('page', filter.order)}`;
}
