import type { WebhookOffer } from '@app/platform';
import { WEBHOOK_TRIGGERS } from '@app/workspaces';
import { readWebhookSettings, type WebhookSettings } from '../read-models/basic-webhook-settings';
import type { EntityManager } from 'typeorm';
import type { Destination } from '../domain/delivery';

const TRIGGERS = new Set<string>(WEBHOOK_TRIGGERS);

interface EndpointTarget {
  endpoint_id: string;
  api_key: string;
  url: string;
  filter_types: string[] | null;
}

/** API keys' destinations: their basic configuration and their enabled advanced endpoints. */
export interface Destinations {
  settings: Map<string, WebhookSettings>;
  /** By API key, in the order they were made. */
  endpoints: Map<string, EndpointTarget[]>;
}

/** The destinations of these API keys, as configured now. */
export async function destinationsOf(
  manager: EntityManager,
  apiKeys: string[],
): Promise<Destinations> {
  if (apiKeys.length === 0) return { settings: new Map(), endpoints: new Map() };
  const settings = await readWebhookSettings(manager, apiKeys);
  const endpoints: EndpointTarget[] = await manager.query(
    `SELECT e.endpoint_id, e.api_key, e.url, e.filter_types
     FROM webhook_endpoints e JOIN webhook_advanced_configs c ON c.api_key = e.api_key
     WHERE e.api_key = ANY($1::text[]) AND c.is_enabled AND NOT e.disabled
     ORDER BY e.seq`,
    [apiKeys],
  );
  const byKey = new Map<string, EndpointTarget[]>();
  for (const e of endpoints) {
    const same = byKey.get(e.api_key);
    if (same) same.push(e);
    else byKey.set(e.api_key, [e]);
  }
  return { settings, endpoints: byKey };
}

/** One destination of an offer: the basic URLs' or an advanced endpoint's. */
export interface OfferTarget {
  destination: Destination;
  url: string;
  /** Fields only this destination gets (a processed URL's). */
  extra?: Record<string, unknown>;
  endpointId: string | null;
}

/**
 * The destinations of an offer: the basic raw and processed URLs when its type is an enabled
 * trigger (only the spec's, D11.1) while the service is on; every enabled advanced endpoint
 * whose `filterTypes` name it (all when it has none).
 */
export function targetsOf(
  offer: WebhookOffer,
  basic: WebhookSettings | undefined,
  endpoints: EndpointTarget[] = [],
): OfferTarget[] {
  const targets: OfferTarget[] = [];
  if (
    basic?.useWebhookService &&
    TRIGGERS.has(offer.eventType) &&
    basic.config.triggers?.[offer.eventType]
  ) {
    const { rawNotificationUrl: raw, processedNotificationUrl: processed } = basic.config;
    if (raw) targets.push({ destination: 'raw', url: raw, endpointId: null });
    if (processed) {
      targets.push({
        destination: 'processed',
        url: processed,
        extra: offer.processed,
        endpointId: null,
      });
    }
  }
  for (const e of endpoints) {
    if (e.filter_types && !e.filter_types.includes(offer.eventType)) continue;
    targets.push({
      destination: `endpoint:${e.endpoint_id}`,
      url: e.url,
      endpointId: e.endpoint_id,
    });
  }
  return targets;
}

/** Whether an API key sends anything anywhere: its service on with a URL, or an endpoint. */
export function hasAny({ settings, endpoints }: Destinations, apiKey: string): boolean {
  const basic = settings.get(apiKey);
  const { rawNotificationUrl, processedNotificationUrl } = basic?.config ?? {};
  return (
    (!!basic?.useWebhookService && !!(rawNotificationUrl || processedNotificationUrl)) ||
    endpoints.has(apiKey)
  );
}
