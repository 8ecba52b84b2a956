import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { MigrationStatus } from '../../domain/migration.aggregate';

export interface MigrationStatusView {
  migrationId: string;
  status: MigrationStatus;
  documentId: string;
  newDocumentId: string;
  error?: string;
}

/** Operation 14; an unknown migration (or another organization's) answers NOT_FOUND (D6.7). */
export class GetMigrationStatusQuery extends Query<MigrationStatusView> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly migrationId: string,
  ) {
    super();
  }
}
