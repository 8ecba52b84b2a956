import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface WebhookConfigView {
  useWebhookService: boolean;
  webhookServiceConfig: {
    authToken: string;
    rawNotificationUrl: string;
    processedNotificationUrl: string;
    encodeData: boolean;
    encryptData: boolean;
    publicKey: string;
    triggers: Record<string, boolean>;
  };
  /** The Standard Webhooks secret receivers verify `webhook-signature` with (D11.4). */
  signingSecret: string;
}

/** `POST /v2/workspace/webhookconfig/get`. */
export class GetWebhookConfigQuery extends Query<WebhookConfigView> {
  constructor(readonly tenant: ApiKeyTenant) {
    super();
  }
}
