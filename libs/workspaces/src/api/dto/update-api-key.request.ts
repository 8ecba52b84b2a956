import { IsString, MaxLength, MinLength } from 'class-validator';
import { RequiredField } from '@app/platform';
import { ApiKeyRequest } from './api-key.request';

/** The hosted `apikey/update`: a key of the workspace and its new display name. */
export class UpdateApiKeyRequest extends ApiKeyRequest {
  @RequiredField()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  apiKeyName: string;
}
