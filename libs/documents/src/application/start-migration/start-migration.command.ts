import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

/** `POST /v2/organizations/documents/migrate` (D6.7): answers at once with the migration's id. */
export class StartMigrationCommand extends Command<{ migrationId: string }> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentId: string,
    readonly newDocumentId: string,
  ) {
    super();
  }
}
