import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { WebhookServiceConfigDto } from './webhook-service-config.dto';

export class PlanInfoDto {
  @IsOptional() @IsString() @MaxLength(200) type?: string;
}

export class EmailServiceConfigDto {
  @IsOptional() @IsString() @MaxLength(200) type?: string;
  @IsOptional() @IsString() @MaxLength(1000) apiKey?: string;
  @IsOptional() @IsString() @MaxLength(320) fromEmail?: string;
  @IsOptional() @IsString() @MaxLength(200) fromCompany?: string;
  @IsOptional() @IsString() @MaxLength(200) commentTemplateId?: string;
  @IsOptional() @IsString() @MaxLength(200) tagTemplateId?: string;
}

/** Operation 1. */
export class CreateApiKeyRequest {
  @IsDefined({ message: '$property is required' })
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  @IsOptional() @IsString() @MaxLength(50) type?: string;
  @IsOptional() @IsBoolean() createAuthToken?: boolean;
  @IsOptional() @IsString() @MaxLength(200) apiKeyName?: string;
  @IsOptional() @ValidateNested() @Type(() => PlanInfoDto) planInfo?: PlanInfoDto;
  @IsOptional() @IsBoolean() customPlanInfo?: boolean;
  @IsOptional() @IsObject() customPlanInfoData?: Record<string, unknown>;
  @IsOptional() @IsArray() @ArrayMaxSize(100) @IsString({ each: true }) allowedDomains?: string[];
  @IsOptional() @IsBoolean() addLocalHostToAllowedDomains?: boolean;
  @IsOptional() @IsBoolean() useEmailService?: boolean;
  @IsOptional() @IsBoolean() useWebhookService?: boolean;
  @IsOptional()
  @ValidateNested()
  @Type(() => EmailServiceConfigDto)
  emailServiceConfig?: EmailServiceConfigDto;
  @IsOptional()
  @ValidateNested()
  @Type(() => WebhookServiceConfigDto)
  webhookServiceConfig?: WebhookServiceConfigDto;
}
