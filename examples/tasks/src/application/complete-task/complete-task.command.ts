import { CommandOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

export class CompleteTaskCommand extends CommandOf<
  { tenant: ApiKeyTenant; organizationId: string; taskId: string },
  { taskId: string }
>() {}
