import { Injectable } from '@nestjs/common';
import { SecretBox, webhookSecretKey } from '@app/platform';
import { DataSource } from 'typeorm';
import { readWebhookSettings } from '../read-models/basic-webhook-settings';
import type { BodyFormat } from '../domain/delivery';

/** What an attempt needs of its destination, read when it is made (a rotated secret applies). */
export interface Target {
  /** The destination's URL now: a destination moved since the event gets its retries there. */
  url: string;
  signingKey: Buffer;
  format: BodyFormat;
  authorization?: string;
  /** Deliveries per second, an advanced endpoint's `rateLimit`. */
  rateLimit?: number;
  endpointId?: string;
}

/** Where a delivery goes: its API key's basic URL (`raw`, `processed`) or an endpoint. */
export interface DestinationRef {
  apiKey: string;
  destination: string;
  endpointId: string | null;
}

/**
 * Reads destinations as they are configured now: undefined when one is gone (an endpoint
 * removed or disabled, advanced webhooks or the webhook service turned off, a URL removed),
 * so that nothing more is sent there.
 */
@Injectable()
export class WebhookTargets {
  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async of(d: DestinationRef): Promise<Target | undefined> {
    if (d.endpointId) {
      const [e]: {
        url: string;
        sealed_secret: string;
        rate_limit: number | null;
        encode_data: boolean;
        encrypt_data: boolean;
        public_key: string;
      }[] = await this.dataSource.query(
        `SELECT e.url, e.sealed_secret, e.rate_limit, c.encode_data, c.encrypt_data, c.public_key
         FROM webhook_endpoints e JOIN webhook_advanced_configs c ON c.api_key = e.api_key
         WHERE e.endpoint_id = $1 AND e.api_key = $2 AND NOT e.disabled AND c.is_enabled`,
        [d.endpointId, d.apiKey],
      );
      if (!e) return undefined;
      return {
        url: e.url,
        signingKey: webhookSecretKey(this.box.open(e.sealed_secret)),
        format: { encodeData: e.encode_data, encryptData: e.encrypt_data, publicKey: e.public_key },
        rateLimit: e.rate_limit ?? undefined,
        endpointId: d.endpointId,
      };
    }
    const settings = (await readWebhookSettings(this.dataSource.manager, [d.apiKey])).get(d.apiKey);
    const c = settings?.config;
    const url = d.destination === 'raw' ? c?.rawNotificationUrl : c?.processedNotificationUrl;
    // The service turned off or the URL removed since: nothing is sent there any more.
    if (!settings?.useWebhookService || !c || !url) return undefined;
    return {
      url,
      signingKey: webhookSecretKey(this.box.open(settings.sealedSigningSecret)),
      format: c,
      ...(c.sealedAuthToken && { authorization: `Basic ${this.box.open(c.sealedAuthToken)}` }),
    };
  }
}
