import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface UserDeletionStatus {
  isDeleteCompleted: boolean;
  tasksLeft: number;
  /** Epoch ms; null until a task completes (D8.4). */
  lastTaskCompletedTime: number | null;
}

/** Operation 17; an unknown job answers NOT_FOUND (D8.4). */
export class GetUserDeletionStatusQuery extends Query<UserDeletionStatus> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly jobId: string,
  ) {
    super();
  }
}
