import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetRecordsQuery, type RecordView } from './get-records.query';

interface Row {
  document_id: string;
  record_id: string;
  record: Record<string, unknown>;
}

@QueryHandler(GetRecordsQuery)
export class GetRecordsHandler implements IQueryHandler<GetRecordsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, kind, filter, pageSize, pageToken, tokenField }: GetRecordsQuery) {
    const documents = sortedIds(filter.documentIds);
    const records = sortedIds(filter.recordIds);
    const locations = sortedIds(filter.locationIds);
    const users = sortedIds(filter.userIds);
    const read = this.tokens.read<[string, string]>(
      `records:${kind}`,
      tenant.apiKey,
      [filter.organizationId, documents, records, locations, users],
      pageSize,
      pageToken,
      tokenField,
    );
    const rows: Row[] = await this.dataSource.query(
      `SELECT document_id, record_id, record FROM collab_records
       WHERE api_key = $1 AND organization_id = $2 AND kind = $3
         AND ($4::text[] IS NULL OR document_id = ANY($4::text[]))
         AND ($5::text[] IS NULL OR record_id = ANY($5::text[]))
         AND ($6::text[] IS NULL OR location_id = ANY($6::text[]))
         AND ($7::text[] IS NULL OR user_ids && $7::text[])
         AND ($8::text IS NULL OR (document_id, record_id) > ($8::text, $9::text))
       ORDER BY document_id, record_id
       LIMIT $10`,
      [
        tenant.apiKey,
        filter.organizationId,
        kind,
        documents,
        records,
        locations,
        users,
        read.after?.[0] ?? null,
        read.after?.[1] ?? null,
        read.limit,
      ],
    );
    return read.page(
      rows,
      (row) => [row.document_id, row.record_id] as [string, string],
      (row): RecordView => ({
        ...row.record,
        metadata: {
          apiKey: tenant.apiKey,
          organizationId: filter.organizationId,
          documentId: row.document_id,
        },
      }),
    );
  }
}
