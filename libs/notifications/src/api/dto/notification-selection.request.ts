import { IsCallerId, OptionalField, RequiredId } from '@app/platform';

/** The organization operation 22 and the hosted update and delete act in, and what narrows them. */
export class NotificationSelectionRequest {
  @RequiredId()
  organizationId: string;

  @OptionalField()
  @IsCallerId()
  documentId?: string;

  @OptionalField()
  @IsCallerId()
  locationId?: string;

  /** Only notifications addressed to this user. */
  @OptionalField()
  @IsCallerId()
  userId?: string;
}
