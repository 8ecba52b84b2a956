import { RequiredId } from '@app/platform';

export class CompleteTaskRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  taskId: string;
}
