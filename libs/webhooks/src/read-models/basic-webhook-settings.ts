import type { EntityManager } from 'typeorm';
import type { StoredWebhookConfig } from '@app/workspaces';

/**
 * An API key's basic webhook settings (operations 1 and 4) as delivery and operation 4's read
 * see them, secrets sealed: kept on the API key stream, projected into `api_keys`.
 */
export interface WebhookSettings {
  apiKey: string;
  useWebhookService: boolean;
  config: StoredWebhookConfig;
  /** The key's `whsec_` signing secret, sealed (D11.4). */
  sealedSigningSecret: string;
}

/** The webhook settings of some API keys, in one read (through `manager`, in its transaction). */
export async function readWebhookSettings(
  manager: EntityManager,
  apiKeys: string[],
): Promise<Map<string, WebhookSettings>> {
  const rows: {
    api_key: string;
    use_webhook_service: boolean;
    webhook_config: StoredWebhookConfig;
    sealed_webhook_secret: string;
  }[] = apiKeys.length
    ? await manager.query(
        `SELECT api_key, use_webhook_service, webhook_config, sealed_webhook_secret
         FROM api_keys WHERE api_key = ANY($1::text[])`,
        [apiKeys],
      )
    : [];
  return new Map(
    rows.map((r) => [
      r.api_key,
      {
        apiKey: r.api_key,
        useWebhookService: r.use_webhook_service,
        config: r.webhook_config ?? {},
        sealedSigningSecret: r.sealed_webhook_secret,
      },
    ]),
  );
}
