import { RequiredId } from '@app/platform';

/** Operation 14. */
export class MigrationStatusRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  migrationId: string;
}
