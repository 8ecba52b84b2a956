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

/**
 * A module's additions to webhook payloads, whichever module offered them (the module
 * contract): mark a provider `@WebhookPayloadExtras()` and the webhooks library hands it each
 * batch of offers that reach at least one destination, in the transaction that records their
 * deliveries, before any is recorded. It answers the same offers in the same order, each as
 * given or with fields added at the top level of its payload (per-user notification settings:
 * `usersOrganizationNotificationsConfig`), and every user id those fields name added to its
 * `userIds` (user data deletion finds stored payloads by them). What it adds is read then,
 * through `manager`, one query per batch whatever its size; a delivery keeps the payload it
 * was recorded with, so its attempts and a replay of its event send the same body.
 */
export interface WebhookPayloadExtension {
  extend(offers: readonly WebhookOffer[], manager: EntityManager): Promise<WebhookOffer[]>;
}

/** Marks a provider as a `WebhookPayloadExtension`; the webhooks library finds it at start. */
export const WebhookPayloadExtras = DiscoveryService.createDecorator();
