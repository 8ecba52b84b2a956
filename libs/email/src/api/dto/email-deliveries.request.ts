import { IsIn, IsInt, Max, Min } from 'class-validator';
import { OptionalField, OptionalText, PageToken } from '@app/platform';
import { EMAIL_LOG_STATUSES } from '../../application/get-email-deliveries/get-email-deliveries.query';

/** `.../email/deliveries/get`: newest first, keyset pages, filters all optional and exact. */
export class GetEmailDeliveriesRequest {
  @OptionalField() @IsIn(EMAIL_LOG_STATUSES) status?: string;
  /** The recipient. */
  @OptionalText(200) userId?: string;
  @OptionalText(200) notificationId?: string;
  @OptionalText(200) documentId?: string;
  @OptionalText(200) organizationId?: string;
  @OptionalField() @IsInt() @Min(1) @Max(100) pageSize: number = 50;
  @PageToken() pageToken?: string;
}
