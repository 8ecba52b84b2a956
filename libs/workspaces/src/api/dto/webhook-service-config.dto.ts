import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { FreeObject, OptionalField } from '@app/platform';

/** `webhookServiceConfig` of operations 1 and 4; URL, trigger and key rules are checked in the domain (D11.1). */
export class WebhookServiceConfigDto {
  @OptionalField() @IsString() @MaxLength(1000) authToken?: string;
  @OptionalField() @IsString() @MaxLength(2048) rawNotificationUrl?: string;
  @OptionalField() @IsString() @MaxLength(2048) processedNotificationUrl?: string;
  @OptionalField() @IsBoolean() encodeData?: boolean;
  @OptionalField() @IsBoolean() encryptData?: boolean;
  @OptionalField() @IsString() @MaxLength(10000) publicKey?: string;
  @FreeObject() triggers?: Record<string, boolean>;
}
