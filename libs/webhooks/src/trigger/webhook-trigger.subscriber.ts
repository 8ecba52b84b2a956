import { Injectable } from '@nestjs/common';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { AfterCommit, JobQueue, pacer, SecretBox, type WebhookOffer } from '@app/platform';
import { readWebhookSettings, WEBHOOK_TRIGGERS, type WebhookSettings } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import { deliveryIdOf, MAX_ATTEMPTS, type Destination } from '../domain/delivery';
import { DELIVER_JOB_BUDGET, deliverJobsOf } from '../domain/delivery-jobs';
import { payloadJsonOf } from '../domain/payload-json';
import { sealPayload } from '../domain/stored-payload';
import { FreshPayloads } from '../delivery/fresh-payloads';
import { WebhookSources } from './webhook-sources';

export const WEBHOOK_TRIGGER_SUBSCRIPTION = 'webhooks.trigger';

const TRIGGERS = new Set<string>(WEBHOOK_TRIGGERS);

interface EndpointTarget {
  endpoint_id: string;
  api_key: string;
  url: string;
  filter_types: string[] | null;
}

/** API keys' destinations: their basic configuration and their enabled advanced endpoints. */
interface Destinations {
  settings: Map<string, WebhookSettings>;
  /** By API key, in the order they were made. */
  endpoints: Map<string, EndpointTarget[]>;
}

interface NewDelivery {
  id: string;
  offer: WebhookOffer;
  destination: Destination;
  endpointId: string | null;
  url: string;
  /** The payload's JSON text, its `webhookId` first. */
  json: string;
  eventAt: Date;
}

/**
 * The trigger step of webhook delivery (D11): reads the events every webhook source offers
 * (collaboration changes, other modules' types), matches them to each API key's destinations
 * (the basic raw and processed URLs for enabled triggers while the service is on; advanced
 * endpoints by their filters), lets every `@WebhookPayloadExtras()` provider add to the
 * payloads that go somewhere, and records one delivery per destination, with the jobs that
 * make their first attempts (one per destination and batch), in the transaction that moves
 * this subscription's checkpoint. Delivery ids come from (event, destination) and are
 * inserted if absent, so a replayed event changes nothing. Events of API keys without a
 * destination are skipped before any payload is made.
 */
@Injectable()
@Subscriber()
export class WebhookTriggerSubscriber implements EventSubscriber {
  readonly subscriptionId = WEBHOOK_TRIGGER_SUBSCRIPTION;
  /** Deployed on a server with history, it tells of changes from then on, not of the past. */
  readonly startAt = 'end' as const;
  private types?: string[];

  constructor(
    private readonly sources: WebhookSources,
    private readonly queue: JobQueue,
    private readonly box: SecretBox,
    private readonly afterCommit: AfterCommit,
    private readonly fresh: FreshPayloads,
  ) {}

  get handles(): readonly string[] {
    return (this.types ??= [...new Set(this.sources.all().flatMap((s) => s.handles))]);
  }

  async handle(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    const tenants = [...new Set(events.flatMap((e) => e.metadata.apiKey ?? []))];
    const known = await this.destinationsOf(manager, tenants);
    const wanted = events.filter((e) => !e.metadata.apiKey || hasAny(known, e.metadata.apiKey));
    const offers: WebhookOffer[] = [];
    for (const source of this.sources.all()) {
      const mine = wanted.filter((e) => source.handles.includes(e.type));
      if (mine.length > 0) offers.push(...(await source.offer(mine, manager)));
    }
    if (offers.length === 0) return;
    // Offers of events that did not say their API key: those keys are read now.
    const unread = [...new Set(offers.map((o) => o.apiKey))].filter((k) => !tenants.includes(k));
    const more = await this.destinationsOf(manager, unread);
    const settings = new Map([...known.settings, ...more.settings]);
    const endpoints = new Map([...known.endpoints, ...more.endpoints]);
    const at = new Map(events.map((e) => [e.eventId, e.createdAt]));
    // Where each offer goes; one going nowhere is dropped before any payload is extended.
    const routed: WebhookOffer[] = [];
    const targets: Target[][] = [];
    const pace = pacer();
    for (const offer of offers) {
      await pace();
      const mine = targetsOf(offer, settings.get(offer.apiKey), endpoints.get(offer.apiKey));
      if (mine.length === 0) continue;
      routed.push(offer);
      targets.push(mine);
    }
    if (routed.length === 0) return;
    const extended = await this.extend(routed, manager);
    const deliveries: NewDelivery[] = [];
    for (const [i, offer] of extended.entries()) {
      await pace();
      const json = JSON.stringify(offer.payload); // written once for all its destinations
      for (const { destination, url, extra, endpointId } of targets[i]) {
        const id = deliveryIdOf(offer.eventId, destination);
        deliveries.push({
          id,
          offer,
          destination,
          endpointId,
          url,
          json: payloadJsonOf(id, offer.payload, json, extra),
          eventAt: at.get(offer.eventId) ?? new Date(),
        });
      }
    }
    const ids = new Set(await this.insert(manager, deliveries));
    const made = deliveries.filter((d) => ids.has(d.id));
    if (made.length === 0) return;
    const jobs = deliverJobsOf(
      'first',
      made.map((d) => ({
        deliveryId: d.id,
        apiKey: d.offer.apiKey,
        destination: d.destination,
        attempts: 0,
      })),
    );
    await this.queue.enqueue(jobs, { maxAttempts: DELIVER_JOB_BUDGET }, manager);
    this.afterCommit.run(manager, () => {
      for (const d of made) this.fresh.put(d.id, d.json);
      return this.queue.dispatch(jobs.map((j) => j.id));
    });
  }

  /** Every `@WebhookPayloadExtras()` provider's additions, in turn, each batch at once. */
  private async extend(offers: WebhookOffer[], manager: EntityManager): Promise<WebhookOffer[]> {
    let extended: readonly WebhookOffer[] = offers;
    for (const extension of this.sources.extras()) {
      extended = await extension.extend(extended, manager);
      if (
        extended.length !== offers.length ||
        extended.some((o, i) => o.eventId !== offers[i].eventId)
      ) {
        throw new Error(`${extension.constructor.name} did not answer the offers it was given`);
      }
    }
    return [...extended];
  }

  private async destinationsOf(manager: EntityManager, apiKeys: string[]): Promise<Destinations> {
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

  /**
   * Inserts the deliveries not made yet; answers the ids it made. The rows go as one JSON
   * parameter (cheaper to send and parse than arrays of escaped literals).
   */
  private async insert(manager: EntityManager, deliveries: NewDelivery[]): Promise<string[]> {
    const made: string[] = [];
    const pace = pacer();
    for (let i = 0; i < deliveries.length; i += 1000) {
      const chunk = deliveries.slice(i, i + 1000);
      const sealed: string[] = [];
      for (const d of chunk) {
        await pace();
        sealed.push(sealPayload(this.box, d.json));
      }
      const rows: { delivery_id: string }[] = await manager.query(
        `INSERT INTO webhook_deliveries (delivery_id, api_key, organization_id, event_id,
           event_type, destination, endpoint_id, url, max_attempts, sealed_payload, user_ids,
           event_at, next_attempt_at)
         SELECT d.id, d.api_key, d.organization_id, d.event_id, d.event_type, d.destination,
           d.endpoint_id, d.url, $2::int, d.sealed_payload, d.user_ids, d.event_at, now()
         FROM json_to_recordset($1::json) AS d(id text, api_key text, organization_id text,
           event_id text, event_type text, destination text, endpoint_id text, url text,
           sealed_payload text, user_ids text[], event_at timestamptz)
         ORDER BY d.event_at, d.id
         ON CONFLICT (delivery_id) DO NOTHING
         RETURNING delivery_id`,
        [
          JSON.stringify(
            chunk.map((d, j) => ({
              id: d.id,
              api_key: d.offer.apiKey,
              organization_id: d.offer.organizationId ?? null,
              event_id: d.offer.eventId,
              event_type: d.offer.eventType,
              destination: d.destination,
              endpoint_id: d.endpointId,
              url: d.url,
              sealed_payload: sealed[j],
              user_ids: d.offer.userIds ?? [],
              event_at: d.eventAt.toISOString(),
            })),
          ),
          MAX_ATTEMPTS,
        ],
      );
      made.push(...rows.map((r) => r.delivery_id));
    }
    return made;
  }
}

/** One destination of an offer: the basic URLs' or an advanced endpoint's. */
interface Target {
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
function targetsOf(
  offer: WebhookOffer,
  basic: WebhookSettings | undefined,
  endpoints: EndpointTarget[] = [],
): Target[] {
  const targets: Target[] = [];
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
function hasAny({ settings, endpoints }: Destinations, apiKey: string): boolean {
  const basic = settings.get(apiKey);
  const { rawNotificationUrl, processedNotificationUrl } = basic?.config ?? {};
  return (
    (!!basic?.useWebhookService && !!(rawNotificationUrl || processedNotificationUrl)) ||
    endpoints.has(apiKey)
  );
}
