import { json } from '@app/platform';

const { boolean, mapOf, object, string } = json;

/** Operation 4's read: the basic webhook configuration and the key's signing secret. */
export const WEBHOOK_CONFIG = object({
  useWebhookService: boolean(),
  webhookServiceConfig: object({
    authToken: string(),
    rawNotificationUrl: string(),
    processedNotificationUrl: string(),
    encodeData: boolean(),
    encryptData: boolean(),
    publicKey: string(),
    triggers: mapOf(boolean(), 'Trigger name → on'),
  }),
  signingSecret: string('The Standard Webhooks secret (`whsec_...`) receivers verify with (D11.4)'),
});
