import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export class CompleteTaskCommand extends Command<{ taskId: string }> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly taskId: string,
  ) {
    super();
  }
}
