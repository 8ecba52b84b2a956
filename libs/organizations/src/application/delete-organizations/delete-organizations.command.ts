import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';
import type { DeletionResult } from './deletion-result';

/** Hosted `organizations/delete` (D6.9). */
export class DeleteOrganizationsCommand extends Command<DeletionResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationIds: string[],
  ) {
    super();
  }
}
