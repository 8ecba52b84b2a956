import { Command } from '@nestjs/cqrs';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** Hosted `organizations/access/disablestate/update`. */
export class UpdateDisableStateCommand extends Command<BatchResult> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationIds: string[],
    readonly disabled: boolean,
  ) {
    super();
  }
}
