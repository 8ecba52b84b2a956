import { CommandOf } from '@app/platform';
import type { ApiKeyTenant, WebhookConfigInput } from '@app/workspaces';

/** Operation 4: the basic webhook configuration (kept on the API key's stream). */
export class UpdateWebhookConfigCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    change: { useWebhookService?: boolean; webhookServiceConfig?: WebhookConfigInput };
  },
  null
>() {}
