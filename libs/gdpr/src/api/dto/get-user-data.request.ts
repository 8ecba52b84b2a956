import { IsString, MaxLength } from 'class-validator';
import { OptionalField, RequiredId } from '@app/platform';

/**
 * Hosted `users/data/get`. Its token holds a cursor per feature (ids of the last item of
 * each), so it may be longer than other reads' tokens: up to 64 KiB.
 */
export class GetUserDataRequest {
  @RequiredId()
  organizationId: string;

  @RequiredId()
  userId: string;

  @OptionalField()
  @IsString()
  @MaxLength(65536)
  pageToken?: string;
}
