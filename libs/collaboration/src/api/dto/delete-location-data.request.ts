import { IsString } from 'class-validator';
import { IsCallerId, Optional, RequiredId } from '@app/platform';
import { LocationDto, RequiredLocation } from './common.dto';

/** Operation 13: credentials may come in the body (D2.6); `organizationId` narrows it. */
export class DeleteLocationDataRequest {
  @Optional()
  @IsString()
  apiKey?: string;

  @Optional()
  @IsString()
  authToken?: string;

  @Optional()
  @IsCallerId()
  organizationId?: string;

  @RequiredId()
  documentId: string;

  @RequiredLocation()
  location: LocationDto;
}
