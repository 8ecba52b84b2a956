import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { IsCallerId, MAX_BATCH_ITEMS, OptionalField, RequiredId } from '@app/platform';

/**
 * `/v2/activities/delete` (D7.3): by ids, or every record of a document or target entity
 * (both given: records of both). With ids, the document and target narrow what may go.
 */
export class DeleteActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsCallerId({ each: true })
  activityIds?: string[];

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @OptionalField()
  @IsCallerId()
  targetEntityId?: string;
}
