import { Inject, Injectable } from '@nestjs/common';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import {
  AfterCommit,
  APP_CONFIG,
  isEmbedded,
  pacer,
  SecretBox,
  type AppConfig,
  type WebhookOffer,
} from '@app/platform';
import type { EntityManager } from 'typeorm';
import { deliveryIdOf, MAX_ATTEMPTS, type Destination } from '../domain/delivery';
import { payloadJsonOf } from '../domain/payload-json';
import { sealPayload } from '../domain/stored-payload';
import { DELIVERIES_CHANNEL } from '../delivery/deliveries-listener';
import { DeliveryWorker } from '../delivery/delivery-worker';
import { destinationsOf, hasAny, targetsOf, type OfferTarget } from './webhook-destinations';
import { WebhookSources } from './webhook-sources';

export const WEBHOOK_TRIGGER_SUBSCRIPTION = 'webhooks.trigger';

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
 * payloads that go somewhere, and records one delivery per destination, due now, in the
 * transaction that moves this subscription's checkpoint; the delivery workers hear of them at
 * its commit (NOTIFY on Postgres, and this process's own worker directly). Delivery ids come from (event, destination) and are
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
    private readonly box: SecretBox,
    private readonly afterCommit: AfterCommit,
    private readonly worker: DeliveryWorker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get handles(): readonly string[] {
    return (this.types ??= [...new Set(this.sources.all().flatMap((s) => s.handles))]);
  }

  async handle(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    const tenants = [...new Set(events.flatMap((e) => e.metadata.apiKey ?? []))];
    const known = await destinationsOf(manager, tenants);
    const wanted = events.filter((e) => !e.metadata.apiKey || hasAny(known, e.metadata.apiKey));
    const offers: WebhookOffer[] = [];
    for (const source of this.sources.all()) {
      const mine = wanted.filter((e) => source.handles.includes(e.type));
      if (mine.length > 0) offers.push(...(await source.offer(mine, manager)));
    }
    if (offers.length === 0) return;
    // Offers of events that did not say their API key: those keys are read now.
    const unread = [...new Set(offers.map((o) => o.apiKey))].filter((k) => !tenants.includes(k));
    const more = await destinationsOf(manager, unread);
    const settings = new Map([...known.settings, ...more.settings]);
    const endpoints = new Map([...known.endpoints, ...more.endpoints]);
    const at = new Map(events.map((e) => [e.eventId, e.createdAt]));
    // Where each offer goes; one going nowhere is dropped before any payload is extended.
    const routed: WebhookOffer[] = [];
    const targets: OfferTarget[][] = [];
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
    const made = await this.insert(manager, deliveries);
    if (made.size === 0) return;
    // Heard by every instance's worker at the commit (none if it rolls back).
    if (!isEmbedded(this.config)) {
      await manager.query(`SELECT pg_notify($1, $2)`, [DELIVERIES_CHANNEL, this.worker.id]);
    }
    // This process's worker claims them by id and sends the payloads made here.
    const handed = deliveries
      .filter((d) => made.has(d.id))
      .map((d) => ({ id: d.id, json: d.json, lane: `${d.offer.apiKey}/${d.destination}` }));
    this.afterCommit.run(manager, async () => this.worker.handOver(handed));
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

  /**
   * Inserts the deliveries not made yet; answers the ids of those it made. The rows go as one
   * JSON parameter (cheaper to send and parse than arrays of escaped literals).
   */
  private async insert(manager: EntityManager, deliveries: NewDelivery[]): Promise<Set<string>> {
    const made = new Set<string>();
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
      for (const r of rows) made.add(r.delivery_id);
    }
    return made;
  }
}
