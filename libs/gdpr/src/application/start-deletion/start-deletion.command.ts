import { Command } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface DeletionStarted {
  jobId: string;
  tasksCount: number;
}

/** Operation 16: answers at once; the deletion runs as queue tasks (D8.2). */
export class StartDeletionCommand extends Command<DeletionStarted> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly userIds: string[],
    readonly organizationIds: string[] | undefined,
  ) {
    super();
  }
}
