import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined } from 'class-validator';
import { IsCallerId, MAX_BATCH_ITEMS, RequiredId } from '@app/platform';

/** Operation 12. */
export class DeleteDocumentsRequest {
  @RequiredId()
  organizationId: string;

  @IsDefined({ message: '$property is required' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsCallerId({ each: true })
  documentIds: string[];
}
