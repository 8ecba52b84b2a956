import { RequiredId } from '@app/platform';

export class GetTasksRequest {
  @RequiredId()
  organizationId: string;
}
