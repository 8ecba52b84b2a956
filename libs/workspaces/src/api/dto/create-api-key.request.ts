import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsString,
  MaxLength,
} from 'class-validator';
import { FreeObject, NestedObject, Optional } from '@app/platform';
import { WebhookServiceConfigDto } from './webhook-service-config.dto';

export class PlanInfoDto {
  @Optional() @IsString() @MaxLength(200) type?: string;
}

export class EmailServiceConfigDto {
  @Optional() @IsString() @MaxLength(200) type?: string;
  @Optional() @IsString() @MaxLength(1000) apiKey?: string;
  @Optional() @IsString() @MaxLength(320) fromEmail?: string;
  @Optional() @IsString() @MaxLength(200) fromCompany?: string;
  @Optional() @IsString() @MaxLength(200) commentTemplateId?: string;
  @Optional() @IsString() @MaxLength(200) tagTemplateId?: string;
}

/** Operation 1. */
export class CreateApiKeyRequest {
  @IsDefined({ message: '$property is required' })
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  @Optional() @IsString() @MaxLength(50) type?: string;
  @Optional() @IsBoolean() createAuthToken?: boolean;
  @Optional() @IsString() @MaxLength(200) apiKeyName?: string;
  @NestedObject(() => PlanInfoDto, 'optional') planInfo?: PlanInfoDto;
  @Optional() @IsBoolean() customPlanInfo?: boolean;
  @FreeObject() customPlanInfoData?: Record<string, unknown>;
  @Optional() @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) allowedDomains?: string[];
  @Optional() @IsBoolean() addLocalHostToAllowedDomains?: boolean;
  @Optional() @IsBoolean() useEmailService?: boolean;
  @Optional() @IsBoolean() useWebhookService?: boolean;
  @NestedObject(() => EmailServiceConfigDto, 'optional')
  emailServiceConfig?: EmailServiceConfigDto;
  @NestedObject(() => WebhookServiceConfigDto, 'optional')
  webhookServiceConfig?: WebhookServiceConfigDto;
}
