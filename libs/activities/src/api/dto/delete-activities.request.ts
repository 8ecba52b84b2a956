import { IsCallerId, OptionalField, RequiredId } from '@app/platform';
import { ActivityIdList } from './activity-fields';

/**
 * `/v2/activities/delete` (D7.3): by ids, or every record of a document or target entity
 * (both given: the records matching both). With ids, the document and target narrow what
 * may go.
 */
export class DeleteActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @ActivityIdList()
  activityIds?: string[];

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @OptionalField()
  @IsCallerId()
  targetEntityId?: string;
}
