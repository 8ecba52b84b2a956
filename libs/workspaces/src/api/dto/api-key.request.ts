import { IsString, MaxLength, MinLength } from 'class-validator';
import { RequiredField } from '@app/platform';

/** Operation 2 and `authtoken/reset`: names one API key of the workspace. */
export class ApiKeyRequest {
  @RequiredField()
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  apiKey: string;
}
