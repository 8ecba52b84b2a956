import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import type { RecordView } from '../get-records/get-records.query';
import { annotationView } from './annotation-view';
import { annotationPageSql, type AnnotationPagePosition } from './annotation-page.sql';
import { GetCommentAnnotationsQuery, type AnnotationFilter } from './get-comment-annotations.query';

interface Row {
  document_id: string;
  record_id: string;
  record: Record<string, unknown>;
  last_updated: string | number;
  annotation_number: number | null;
}

/** An empty list filters nothing, as an absent one; a given one is unique and sorted. */
const listOf = (values?: readonly string[]) =>
  values?.length ? (sortedIds(values) ?? undefined) : undefined;

/** The filter as the statement and the token scope see it. */
function normalized(f: AnnotationFilter): AnnotationFilter {
  return {
    ...f,
    documentIds: listOf(f.documentIds),
    annotationIds: listOf(f.annotationIds),
    locationIds: listOf(f.locationIds),
    userIds: listOf(f.userIds),
    mentionedUserIds: listOf(f.mentionedUserIds),
    statusIds: listOf(f.statusIds),
  };
}

/**
 * `/v2/commentannotations/get`: a page costs what its rows cost (see `annotationPageSql`).
 * A token answers only the key, the filters, the order and the grouping it was made for.
 */
@QueryHandler(GetCommentAnnotationsQuery)
export class GetCommentAnnotationsHandler implements IQueryHandler<GetCommentAnnotationsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({
    tenant,
    filter,
    groupByDocumentId,
    pageSize,
    pageToken,
  }: GetCommentAnnotationsQuery) {
    const f = normalized(filter);
    const read = this.tokens.read<AnnotationPagePosition>(
      'comment-annotations',
      tenant.apiKey,
      [f, groupByDocumentId],
      pageSize,
      pageToken,
    );
    const { sql, params } = annotationPageSql(tenant.apiKey, f, read.after, read.limit);
    const rows: Row[] = await this.dataSource.query(sql, params);
    const page = read.page(
      rows,
      (row): AnnotationPagePosition => [String(row.last_updated), row.document_id, row.record_id],
      (row): RecordView => ({
        ...annotationView(row.record, row.annotation_number),
        metadata: {
          apiKey: tenant.apiKey,
          organizationId: f.organizationId,
          documentId: row.document_id,
        },
      }),
    );
    // Hosted groupByDocumentId: the same page, keyed by document.
    return groupByDocumentId
      ? page.groupedBy(
          (a) => a.metadata.documentId,
          (a) => a,
        )
      : page;
  }
}
