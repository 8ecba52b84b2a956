import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { OrganizationItem } from '../common/organization-item';

/** Operation 6. */
export class AddOrganizationsCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizations: OrganizationItem[],
  ) {
    super();
  }
}
