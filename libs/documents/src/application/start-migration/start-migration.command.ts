import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** `POST /v2/organizations/documents/migrate` (D6.7): answers at once with the migration's id. */
export class StartMigrationCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; documentId: string; newDocumentId: string },
  { migrationId: string }
>() {}
