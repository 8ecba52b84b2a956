import { IsBoolean, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';

/** `webhookServiceConfig` of operations 1 and 4; URL, trigger and key rules are checked in the domain (D11.1). */
export class WebhookServiceConfigDto {
  @IsOptional() @IsString() @MaxLength(1000) authToken?: string;
  @IsOptional() @IsString() @MaxLength(2048) rawNotificationUrl?: string;
  @IsOptional() @IsString() @MaxLength(2048) processedNotificationUrl?: string;
  @IsOptional() @IsBoolean() encodeData?: boolean;
  @IsOptional() @IsBoolean() encryptData?: boolean;
  @IsOptional() @IsString() @MaxLength(10000) publicKey?: string;
  @IsOptional() @IsObject() triggers?: Record<string, boolean>;
}
