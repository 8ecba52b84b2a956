import { IsString } from 'class-validator';
import { IsCallerId, OptionalField, RequiredId } from '@app/platform';
import { LocationDto, RequiredLocation } from './common.dto';

/** Operation 13: credentials may come in the body (D2.6); `organizationId` narrows it. */
export class DeleteLocationDataRequest {
  @OptionalField()
  @IsString()
  apiKey?: string;

  @OptionalField()
  @IsString()
  authToken?: string;

  @OptionalField()
  @IsCallerId()
  organizationId?: string;

  @RequiredId()
  documentId: string;

  @RequiredLocation()
  location: LocationDto;
}
