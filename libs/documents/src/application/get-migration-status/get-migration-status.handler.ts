import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetMigrationStatusQuery, type MigrationStatusView } from './get-migration-status.query';

@QueryHandler(GetMigrationStatusQuery)
export class GetMigrationStatusHandler implements IQueryHandler<GetMigrationStatusQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, organizationId, migrationId }: GetMigrationStatusQuery) {
    const [row] = await this.dataSource.query(
      `SELECT migration_id, status, document_id, new_document_id, error FROM document_migrations
       WHERE api_key = $1 AND migration_id = $2 AND organization_id = $3`,
      [tenant.apiKey, migrationId, organizationId],
    );
    if (!row) throw new ServiceError('NOT_FOUND', 'Migration does not exist', { migrationId });
    const view: MigrationStatusView = {
      migrationId: row.migration_id,
      status: row.status,
      documentId: row.document_id,
      newDocumentId: row.new_document_id,
    };
    if (row.error) view.error = row.error;
    return view;
  }
}
