import { IsBoolean } from 'class-validator';
import { NestedObject, Optional } from '@app/platform';
import { WebhookServiceConfigDto } from './webhook-service-config.dto';

/** Operation 4. */
export class UpdateWebhookConfigRequest {
  @Optional() @IsBoolean() useWebhookService?: boolean;
  @NestedObject(() => WebhookServiceConfigDto, 'optional')
  webhookServiceConfig?: WebhookServiceConfigDto;
}
