import type { AnnotationFilter } from './get-comment-annotations.query';

/** Where a page ends: the last row's `lastUpdated`, document and id. */
export type AnnotationPagePosition = [
  lastUpdated: string,
  documentId: string,
  annotationId: string,
];

/** A filter list's column, in the order they are preferred to lead the walk. */
const LISTS = [
  ['annotationIds', 'record_id'],
  ['documentIds', 'document_id'],
  ['userIds', 'author_id'],
  ['locationIds', 'location_id'],
  ['statusIds', 'status_id'],
] as const;

type ListName = (typeof LISTS)[number][0];

/**
 * One page of an organization's comment annotations after `after`, `limit` rows, ordered by
 * (last_updated, document, id) in `filter.order`. The read table has an index per filter
 * column that walks its rows in that order (migration 21), so the page is a walk, not a sort:
 * the first list given (ids, the folder's documents, documents, resolver, authors,
 * locations, statuses) leads, and each of its values walks its own index range cut at
 * `limit`, merged; the other filters are checked on the rows walked. A page thus reads at
 * most `limit` rows per value of the leading list (D5.5), whatever page it is.
 */
export function annotationPageSql(
  apiKey: string,
  filter: AnnotationFilter,
  after: AnnotationPagePosition | null,
  limit: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [apiKey, filter.organizationId];
  const p = (value: unknown) => `$${params.push(value)}`;
  const folderDocuments = (folderId: string) =>
    `SELECT d.document_id FROM documents d WHERE d.api_key = $1 AND d.organization_id = $2
       AND d.folder_id = ${p(folderId)}`;

  // The leading list: its values, each walked on its own.
  let lead: { column: string; source: string } | null = null;
  const used = new Set<ListName | 'folderId' | 'resolvedBy'>();
  const firstList = LISTS.find(([name]) => filter[name] !== undefined);
  if (filter.annotationIds) {
    lead = { column: 'record_id', source: `SELECT unnest(${p(filter.annotationIds)}::text[])` };
    used.add('annotationIds');
  } else if (filter.folderId !== undefined) {
    const inList = filter.documentIds
      ? ` AND d.document_id = ANY(${p(filter.documentIds)}::text[])`
      : '';
    lead = { column: 'document_id', source: folderDocuments(filter.folderId) + inList };
    used.add('folderId').add('documentIds');
  } else if (filter.documentIds) {
    lead = { column: 'document_id', source: `SELECT unnest(${p(filter.documentIds)}::text[])` };
    used.add('documentIds');
  } else if (filter.resolvedBy !== undefined) {
    lead = { column: 'resolved_by', source: `SELECT ${p(filter.resolvedBy)}::text` };
    used.add('resolvedBy');
  } else if (firstList) {
    const [name, column] = firstList;
    lead = { column, source: `SELECT unnest(${p(filter[name])}::text[])` };
    used.add(name);
  }

  const where = [`c.api_key = $1`, `c.organization_id = $2`, `c.kind = 'comment-annotation'`];
  if (lead) where.push(`c.${lead.column} = v.value COLLATE "C"`);
  for (const [name, column] of LISTS) {
    if (filter[name] !== undefined && !used.has(name)) {
      where.push(`c.${column} = ANY(${p(filter[name])}::text[])`);
    }
  }
  if (filter.folderId !== undefined && !used.has('folderId')) {
    where.push(`c.document_id IN (${folderDocuments(filter.folderId)})`);
  }
  if (filter.resolvedBy !== undefined && !used.has('resolvedBy')) {
    where.push(`c.resolved_by = ${p(filter.resolvedBy)}`);
  }
  if (filter.mentionedUserIds) {
    where.push(`c.mentioned_user_ids && ${p(filter.mentionedUserIds)}::text[]`);
  }
  const bounds = [
    ['last_updated', '>', filter.updatedAfter],
    ['last_updated', '<', filter.updatedBefore],
    ['created_at', '>', filter.createdAfter],
    ['created_at', '<', filter.createdBefore],
  ] as const;
  for (const [column, cmp, value] of bounds) {
    if (value !== undefined) where.push(`c.${column} ${cmp} ${p(value)}::bigint`);
  }
  const dir = filter.order;
  if (after) {
    const cmp = dir === 'desc' ? '<' : '>';
    where.push(
      `(c.last_updated, c.document_id, c.record_id) ${cmp} ` +
        `(${p(after[0])}::bigint, ${p(after[1])}::text, ${p(after[2])}::text)`,
    );
  }
  const order = (t: string) =>
    `ORDER BY ${t}.last_updated ${dir}, ${t}.document_id ${dir}, ${t}.record_id ${dir}`;
  const n = p(limit);
  const walk = `SELECT c.document_id, c.record_id, c.record, c.last_updated, c.annotation_number
    FROM collab_records c WHERE ${where.join(' AND ')} ${order('c')} LIMIT ${n}`;
  const sql = lead
    ? `SELECT r.* FROM (${lead.source}) AS v(value) CROSS JOIN LATERAL (${walk}) r
       ${order('r')} LIMIT ${n}`
    : walk;
  return { sql, params };
}
