import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Page, PageTokens, sha256 } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetRecordsQuery, type RecordView } from './get-records.query';

interface Row {
  document_id: string;
  record_id: string;
  record: Record<string, unknown>;
}

const sorted = (ids?: string[]) => (ids ? [...new Set(ids)].sort() : null);

@QueryHandler(GetRecordsQuery)
export class GetRecordsHandler implements IQueryHandler<GetRecordsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, kind, filter, pageSize, pageToken, tokenField }: GetRecordsQuery) {
    const documents = sorted(filter.documentIds);
    const records = sorted(filter.recordIds);
    const locations = sorted(filter.locationIds);
    const users = sorted(filter.userIds);
    const scope = `records:${tenant.apiKey}:${kind}:${sha256(
      JSON.stringify([filter.organizationId, documents, records, locations, users]),
    )}`;
    const after = pageToken ? this.tokens.verify<[string, string]>(scope, pageToken) : null;
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
        after?.[0] ?? null,
        after?.[1] ?? null,
        pageSize + 1,
      ],
    );
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    const next =
      rows.length > pageSize
        ? this.tokens.sign(scope, [last.document_id, last.record_id])
        : undefined;
    return new Page<RecordView>(
      page.map((row) => ({
        ...row.record,
        metadata: {
          apiKey: tenant.apiKey,
          organizationId: filter.organizationId,
          documentId: row.document_id,
        },
      })),
      next,
      tokenField,
    );
  }
}
