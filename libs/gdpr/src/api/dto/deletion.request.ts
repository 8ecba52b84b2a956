import { IdFilter, RequiredId, RequiredIds } from '@app/platform';

/** Operation 16. */
export class StartDeletionRequest {
  @RequiredIds()
  userIds: string[];

  @IdFilter()
  organizationIds?: string[];
}

/** Operation 17. */
export class DeletionStatusRequest {
  @RequiredId()
  jobId: string;
}
