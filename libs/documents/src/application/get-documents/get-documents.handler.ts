import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
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
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, organizationId, documentIds }: GetDocumentsQuery) {
    const rows: DocumentRow[] = await this.dataSource.query(
      `SELECT document_id, document_name, disabled, access_type, folder_id, metadata, created_at, last_updated
       FROM documents
       WHERE api_key = $1 AND organization_id = $2
         AND ($3::text[] IS NULL OR document_id = ANY($3::text[]))
       ORDER BY document_id`,
      [tenant.apiKey, organizationId, documentIds ?? null],
    );
    return rows.map(toView);
  }
}
