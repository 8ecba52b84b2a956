import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { FreeObject, Optional } from '@app/platform';

/** `webhookServiceConfig` of operations 1 and 4; URL, trigger and key rules are checked in the domain (D11.1). */
export class WebhookServiceConfigDto {
  @Optional() @IsString() @MaxLength(1000) authToken?: string;
  @Optional() @IsString() @MaxLength(2048) rawNotificationUrl?: string;
  @Optional() @IsString() @MaxLength(2048) processedNotificationUrl?: string;
  @Optional() @IsBoolean() encodeData?: boolean;
  @Optional() @IsBoolean() encryptData?: boolean;
  @Optional() @IsString() @MaxLength(10000) publicKey?: string;
  @FreeObject() triggers?: Record<string, boolean>;
}
