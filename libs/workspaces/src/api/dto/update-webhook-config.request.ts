import { Type } from 'class-transformer';
import { IsBoolean, IsOptional, ValidateNested } from 'class-validator';
import { WebhookServiceConfigDto } from './webhook-service-config.dto';

/** Operation 4. */
export class UpdateWebhookConfigRequest {
  @IsOptional() @IsBoolean() useWebhookService?: boolean;
  @IsOptional()
  @ValidateNested()
  @Type(() => WebhookServiceConfigDto)
  webhookServiceConfig?: WebhookServiceConfigDto;
}
