import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

export interface CreatedTask {
  taskId: string;
}

export class CreateTaskCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    taskId: string;
    title: string;
    assigneeId: string | null;
  },
  CreatedTask
>() {}
