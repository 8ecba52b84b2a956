import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';

/** An event of the log as a webhook source reads it (the event store's `RecordedEvent`). */
export interface WebhookSourceEvent {
  eventId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  data: unknown;
  metadata: { apiKey?: string };
  createdAt: Date;
}

/**
 * One webhook event a source makes of an event of the log: its type in the webhook
 * vocabulary (`comment.add`, `example-tasks.task-completed`) and the payload receivers get.
 */
export interface WebhookOffer {
  /** The event of the log it comes from: delivery ids are derived from it. */
  eventId: string;
  /** The event type receivers filter on (an endpoint's `filterTypes`, a basic trigger). */
  eventType: string;
  /**
   * The API key whose destinations get it: its event's `metadata.apiKey` when the event has
   * one (the trigger skips the events of keys without a destination before asking for offers).
   */
  apiKey: string;
  organizationId?: string;
  /** The body sent to raw URLs and advanced endpoints (before encoding or encryption). */
  payload: Record<string, unknown>;
  /** Fields added for a processed URL (recipients, plain comment text), when it has any. */
  processed?: Record<string, unknown>;
  /** Every user id the payload names: user data deletion finds stored payloads by these. */
  userIds: string[];
}

/**
 * A module's offer of webhook event types (the module contract): mark a provider
 * `@WebhookEvents()` and the webhooks library reads the log's events of `handles` through it,
 * in the transaction that records their deliveries. `offer` must be deterministic for a
 * given event: a replayed event makes the same offers (and so no second delivery).
 */
export interface WebhookEventSource {
  /** Event store types it reads. */
  readonly handles: readonly string[];
  /** The webhook event types it may offer (shown to endpoint filters). */
  readonly eventTypes: readonly string[];
  offer(events: WebhookSourceEvent[], manager: EntityManager): Promise<WebhookOffer[]>;
}

/** Marks a provider as a `WebhookEventSource`; the webhooks library finds it at start. */
export const WebhookEvents = DiscoveryService.createDecorator();
