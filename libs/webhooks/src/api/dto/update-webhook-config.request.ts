import { IsBoolean } from 'class-validator';
import { NestedObject, OptionalField } from '@app/platform';
import { WebhookServiceConfigDto } from '@app/workspaces';

/** Operation 4. */
export class UpdateWebhookConfigRequest {
  @OptionalField() @IsBoolean() useWebhookService?: boolean;
  @NestedObject(() => WebhookServiceConfigDto, 'optional')
  webhookServiceConfig?: WebhookServiceConfigDto;
}
