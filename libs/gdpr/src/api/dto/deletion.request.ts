import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsOptional } from 'class-validator';
import { IdFilter, IsCallerId, MAX_BATCH_ITEMS, RequiredId } from '@app/platform';

/** Operation 16. */
export class StartDeletionRequest {
  @IsDefined({ message: '$property is required' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsCallerId({ each: true })
  userIds: string[];

  @IsOptional()
  @IdFilter()
  organizationIds?: string[];
}

/** Operation 17. */
export class DeletionStatusRequest {
  @RequiredId()
  jobId: string;
}
