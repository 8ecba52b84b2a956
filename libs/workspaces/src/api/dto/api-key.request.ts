import { IsDefined, IsString, MaxLength, MinLength } from 'class-validator';

/** Operation 2 and `apikeyconfig/get`: names one API key of the workspace. */
export class ApiKeyRequest {
  @IsDefined({ message: '$property is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  apiKey: string;
}
