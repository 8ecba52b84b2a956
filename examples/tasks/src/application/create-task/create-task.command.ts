import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface CreatedTask {
  taskId: string;
}

export class CreateTaskCommand extends Command<CreatedTask> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly taskId: string,
    readonly title: string,
    readonly assigneeId: string | null,
  ) {
    super();
  }
}
