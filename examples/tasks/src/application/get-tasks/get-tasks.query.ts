import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface TaskView {
  taskId: string;
  title: string;
  assigneeId: string | null;
  completed: boolean;
}

export class GetTasksQuery extends Query<TaskView[]> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
  ) {
    super();
  }
}
