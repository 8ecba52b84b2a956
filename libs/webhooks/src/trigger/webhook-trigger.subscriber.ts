import { Injectable } from '@nestjs/common';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { JobQueue, SecretBox, type WebhookOffer } from '@app/platform';
import { readWebhookSettings, WEBHOOK_TRIGGERS } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import {
  DELIVER_JOB,
  deliverJobId,
  deliveryIdOf,
  MAX_ATTEMPTS,
  type Destination,
} from '../domain/delivery';
import { AfterCommit } from './after-commit';
import { WebhookSources } from './webhook-sources';

export const WEBHOOK_TRIGGER_SUBSCRIPTION = 'webhooks.trigger';
/** Ledger attempts of a delivery job: its own attempts, plus room for runs that crashed. */
export const DELIVER_JOB_BUDGET = MAX_ATTEMPTS + 4;

const TRIGGERS = new Set<string>(WEBHOOK_TRIGGERS);

interface EndpointTarget {
  endpoint_id: string;
  api_key: string;
  url: string;
  filter_types: string[] | null;
}

interface NewDelivery {
  id: string;
  offer: WebhookOffer;
  destination: Destination;
  endpointId: string | null;
  url: string;
  payload: Record<string, unknown>;
  eventAt: Date;
}

/**
 * The trigger step of webhook delivery (D11): reads the events every webhook source offers
 * (collaboration changes, other modules' types), matches them to each API key's destinations
 * (the basic raw and processed URLs for enabled triggers while the service is on; advanced
 * endpoints by their filters) and records one delivery per destination with its ledger job,
 * in the transaction that moves this subscription's checkpoint. Delivery ids come from
 * (event, destination) and are inserted if absent, so a replayed event changes nothing.
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
  ) {}

  get handles(): readonly string[] {
    return (this.types ??= [...new Set(this.sources.all().flatMap((s) => s.handles))]);
  }

  async handle(events: RecordedEvent[], manager: EntityManager): Promise<void> {
    const offers: WebhookOffer[] = [];
    for (const source of this.sources.all()) {
      const mine = events.filter((e) => source.handles.includes(e.type));
      if (mine.length > 0) offers.push(...(await source.offer(mine, manager)));
    }
    if (offers.length === 0) return;
    const apiKeys = [...new Set(offers.map((o) => o.apiKey))];
    const settings = await readWebhookSettings(manager, apiKeys);
    const endpoints: EndpointTarget[] = await manager.query(
      `SELECT e.endpoint_id, e.api_key, e.url, e.filter_types
       FROM webhook_endpoints e JOIN webhook_advanced_configs c ON c.api_key = e.api_key
       WHERE e.api_key = ANY($1::text[]) AND c.is_enabled AND NOT e.disabled
       ORDER BY e.seq`,
      [apiKeys],
    );
    const at = new Map(events.map((e) => [e.eventId, e.createdAt]));
    const deliveries: NewDelivery[] = [];
    const add = (
      offer: WebhookOffer,
      destination: Destination,
      url: string,
      payload: Record<string, unknown>,
      endpointId: string | null = null,
    ) => {
      const id = deliveryIdOf(offer.eventId, destination);
      deliveries.push({
        id,
        offer,
        destination,
        endpointId,
        url,
        payload: { webhookId: id, ...payload },
        eventAt: at.get(offer.eventId) ?? new Date(),
      });
    };
    for (const offer of offers) {
      const basic = settings.get(offer.apiKey);
      if (
        basic?.useWebhookService &&
        TRIGGERS.has(offer.eventType) &&
        basic.config.triggers?.[offer.eventType]
      ) {
        const { rawNotificationUrl: raw, processedNotificationUrl: processed } = basic.config;
        if (raw) add(offer, 'raw', raw, offer.payload);
        if (processed) add(offer, 'processed', processed, { ...offer.payload, ...offer.processed });
      }
      for (const e of endpoints) {
        if (e.api_key !== offer.apiKey) continue;
        if (e.filter_types && !e.filter_types.includes(offer.eventType)) continue;
        add(offer, `endpoint:${e.endpoint_id}`, e.url, offer.payload, e.endpoint_id);
      }
    }
    if (deliveries.length === 0) return;
    const inserted = await this.insert(manager, deliveries);
    if (inserted.length === 0) return;
    const jobs = inserted.map((id) => ({
      id: deliverJobId(id),
      name: DELIVER_JOB,
      data: { deliveryId: id },
    }));
    await this.queue.enqueue(jobs, { maxAttempts: DELIVER_JOB_BUDGET }, manager);
    const ids = jobs.map((j) => j.id);
    this.afterCommit.run(manager, () => this.queue.dispatch(ids));
  }

  /** Inserts the deliveries not made yet; answers the ids it made. */
  private async insert(manager: EntityManager, deliveries: NewDelivery[]): Promise<string[]> {
    const made: string[] = [];
    for (let i = 0; i < deliveries.length; i += 1000) {
      const chunk = deliveries.slice(i, i + 1000);
      const rows: { delivery_id: string }[] = await manager.query(
        `INSERT INTO webhook_deliveries (delivery_id, api_key, organization_id, event_id,
           event_type, destination, endpoint_id, url, max_attempts, sealed_payload, user_ids,
           event_at, next_attempt_at)
         SELECT d.id, d.api_key, d.organization_id, d.event_id, d.event_type, d.destination,
           d.endpoint_id, d.url, $12::int, d.sealed_payload,
           ARRAY(SELECT jsonb_array_elements_text(d.user_ids::jsonb)), d.event_at, now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
           $7::text[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
           AS d(id, api_key, organization_id, event_id, event_type, destination, endpoint_id,
                url, sealed_payload, user_ids, event_at)
         ORDER BY d.event_at, d.id
         ON CONFLICT (delivery_id) DO NOTHING
         RETURNING delivery_id`,
        [
          chunk.map((d) => d.id),
          chunk.map((d) => d.offer.apiKey),
          chunk.map((d) => d.offer.organizationId ?? null),
          chunk.map((d) => d.offer.eventId),
          chunk.map((d) => d.offer.eventType),
          chunk.map((d) => d.destination),
          chunk.map((d) => d.endpointId),
          chunk.map((d) => d.url),
          chunk.map((d) => this.box.seal(JSON.stringify(d.payload))),
          chunk.map((d) => JSON.stringify(d.offer.userIds)),
          chunk.map((d) => d.eventAt.toISOString()),
          MAX_ATTEMPTS,
        ],
      );
      made.push(...rows.map((r) => r.delivery_id));
    }
    return made;
  }
}
