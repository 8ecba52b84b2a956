import { IsCallerId, OptionalField, RequiredId, WriteIdFilter } from '@app/platform';

/**
 * `/v2/activities/delete` (D7.3): by ids, or every record of a document or target entity
 * (both given: the records matching both). With ids, the document and target narrow what
 * may go.
 */
export class DeleteActivitiesRequest {
  @RequiredId()
  organizationId: string;

  @WriteIdFilter()
  activityIds?: string[];

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @OptionalField()
  @IsCallerId()
  targetEntityId?: string;
}
