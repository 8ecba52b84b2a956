import { IsOptional, IsString } from 'class-validator';
import { IsCallerId, RequiredId } from '@app/platform';
import { LocationDto, RequiredLocation } from './common.dto';

/** Operation 13: credentials may come in the body (D2.6); `organizationId` narrows it. */
export class DeleteLocationDataRequest {
  @IsOptional()
  @IsString()
  apiKey?: string;

  @IsOptional()
  @IsString()
  authToken?: string;

  @IsOptional()
  @IsCallerId()
  organizationId?: string;

  @RequiredId()
  documentId: string;

  @RequiredLocation()
  location: LocationDto;
}
