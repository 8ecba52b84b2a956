import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PageTokens, sortedIds } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetDocumentsQuery, type DocumentView } from './get-documents.query';

interface DocumentRow {
  document_id: string;
  document_name: string;
  disabled: boolean;
  access_type: string;
  folder_id: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
  last_updated: string;
}

function toView(row: DocumentRow): DocumentView {
  return {
    id: row.document_id,
    documentName: row.document_name,
    disabled: row.disabled,
    accessType: row.access_type,
    ...(row.folder_id !== null && { folderId: row.folder_id }),
    createdAt: Number(row.created_at),
    lastUpdated: Number(row.last_updated),
    ...row.metadata,
  };
}

@QueryHandler(GetDocumentsQuery)
export class GetDocumentsHandler implements IQueryHandler<GetDocumentsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: PageTokens,
  ) {}

  async execute({ tenant, organizationId, documentIds, page }: GetDocumentsQuery) {
    if (!page) return (await this.select(tenant.apiKey, organizationId, documentIds)).map(toView);
    const ids = sortedIds(documentIds);
    const filter = { organizationId, ids, folderId: page.folderId ?? null };
    const read = this.tokens.read<string>(
      'documents',
      tenant.apiKey,
      filter,
      page.pageSize,
      page.pageToken,
      'pageToken',
    );
    const rows = await this.select(tenant.apiKey, organizationId, ids ?? undefined, {
      folderId: page.folderId,
      after: read.after,
      limit: read.limit,
    });
    return read.page(rows, (row) => row.document_id, toView);
  }

  /** Without `keyset`, every matching row (operation 11); a NULL limit is no limit. */
  private select(
    apiKey: string,
    organizationId: string,
    documentIds: string[] | undefined,
    keyset?: { folderId?: string; after: string | null; limit: number },
  ): Promise<DocumentRow[]> {
    return this.dataSource.query(
      `SELECT document_id, document_name, disabled, access_type, folder_id, metadata, created_at, last_updated
       FROM documents
       WHERE api_key = $1 AND organization_id = $2
         AND ($3::text[] IS NULL OR document_id = ANY($3::text[]))
         AND ($4::text IS NULL OR folder_id = $4::text)
         AND ($5::text IS NULL OR document_id > $5::text)
       ORDER BY document_id
       LIMIT $6`,
      [
        apiKey,
        organizationId,
        documentIds ?? null,
        keyset?.folderId ?? null,
        keyset?.after ?? null,
        keyset?.limit ?? null,
      ],
    );
  }
}
