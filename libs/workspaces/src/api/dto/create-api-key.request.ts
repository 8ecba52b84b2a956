import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsString,
  MaxLength,
} from 'class-validator';
import { FreeObject, NestedObject, OptionalField, RequiredField } from '@app/platform';
import { WebhookServiceConfigDto } from './webhook-service-config.dto';

export class PlanInfoDto {
  @OptionalField() @IsString() @MaxLength(200) type?: string;
}

export class EmailServiceConfigDto {
  @OptionalField() @IsString() @MaxLength(200) type?: string;
  @OptionalField() @IsString() @MaxLength(1000) apiKey?: string;
  @OptionalField() @IsString() @MaxLength(320) fromEmail?: string;
  @OptionalField() @IsString() @MaxLength(200) fromCompany?: string;
  @OptionalField() @IsString() @MaxLength(200) commentTemplateId?: string;
  @OptionalField() @IsString() @MaxLength(200) tagTemplateId?: string;
}

/** Operation 1. */
export class CreateApiKeyRequest {
  @RequiredField()
  @IsEmail({}, { message: '$property must be an email address' })
  ownerEmail: string;

  @OptionalField() @IsString() @MaxLength(50) type?: string;
  @OptionalField() @IsBoolean() createAuthToken?: boolean;
  @OptionalField() @IsString() @MaxLength(200) apiKeyName?: string;
  @NestedObject(() => PlanInfoDto, 'optional') planInfo?: PlanInfoDto;
  @OptionalField() @IsBoolean() customPlanInfo?: boolean;
  @FreeObject() customPlanInfoData?: Record<string, unknown>;
  @OptionalField()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  allowedDomains?: string[];
  @OptionalField() @IsBoolean() addLocalHostToAllowedDomains?: boolean;
  @OptionalField() @IsBoolean() useEmailService?: boolean;
  @OptionalField() @IsBoolean() useWebhookService?: boolean;
  @OptionalField() @IsBoolean() useNotificationService?: boolean;
  /** Seeds the default notification triggers, even with the service left off (D9.8). */
  @OptionalField() @IsBoolean() setDefaultNotificationTriggers?: boolean;
  /** Seeds the default email triggers of the key (D14.1), as the notification flag does. */
  @OptionalField() @IsBoolean() setDefaultEmailTriggers?: boolean;
  /** The first values of the key's console options (D3.4), shown by `apikeyconfig/get`. */
  @OptionalField() @IsBoolean() enablePrivateComments?: boolean;
  @OptionalField() @IsBoolean() requireAutoOrgUser?: boolean;
  /** Hosted data regions: stored as given (one database here); an empty one is refused. */
  @OptionalField() @IsString() @IsNotEmpty() @MaxLength(100) persistenceDBRegion?: string;
  @OptionalField() @IsString() @IsNotEmpty() @MaxLength(100) realtimeDBRegion?: string;
  @NestedObject(() => EmailServiceConfigDto, 'optional')
  emailServiceConfig?: EmailServiceConfigDto;
  @NestedObject(() => WebhookServiceConfigDto, 'optional')
  webhookServiceConfig?: WebhookServiceConfigDto;
}
