import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

export interface DeletionStarted {
  jobId: string;
  tasksCount: number;
}

/** Operation 16: answers at once; the deletion runs as queue tasks (D8.2). */
export class StartDeletionCommand extends CommandOf<
  { tenant: ApiKeyTenant; userIds: string[]; organizationIds: string[] | undefined },
  DeletionStarted
>() {}
