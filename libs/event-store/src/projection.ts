import { DiscoveryService } from '@nestjs/core';
import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from './events';
import { storedTypesOf, upcastKeys } from './upcasters';

/**
 * A projection that runs inside the append transaction, so a read right after a write sees
 * it. It must be idempotent (guard updates by stream version) like every event handler.
 */
export interface InlineProjection {
  /** Stable name for `projections rebuild`; by default the class name, kebab-cased, less "Projection". */
  readonly name?: string;
  readonly handles: readonly string[];
  /** The read tables it alone writes: a rebuild empties them and replays the log into them. */
  readonly tables: readonly string[];
  project(events: RecordedEvent[], manager: EntityManager): Promise<void>;
}

/** Marks a provider as an inline projection; the event store finds it at start. */
export const Projection = DiscoveryService.createDecorator();

/**
 * Whether the log holds events of `types` only in the form appends write them: no upcaster
 * reads an older form (or another type) as one of them. A projection may then read those
 * events' stored rows in SQL instead of sending their payloads back to the database.
 */
export function storedAsWritten(types: readonly string[]): boolean {
  if (storedTypesOf(types).length > new Set(types).size) return false;
  return !upcastKeys().some((key) => types.includes(key.slice(0, key.lastIndexOf('@'))));
}

/**
 * Work done after the fact, from the log: events in commit order from a saved checkpoint,
 * the checkpoint saved in the same transaction as the work (`manager`).
 */
export interface EventSubscriber {
  /** Stable id: the checkpoint's key. */
  readonly subscriptionId: string;
  /** Event types to receive; all when absent. */
  readonly handles?: readonly string[];
  /**
   * The work runs outside the checkpoint's transaction, for work that opens transactions of
   * its own (a command, an HTTP call): `manager` is then not transactional, the checkpoint is
   * leased to one instance and moved after the work, and a crash in between repeats it.
   */
  readonly detached?: boolean;
  /**
   * Where a new checkpoint starts: the start of the log (default: a subscriber that builds
   * state needs all of it), or its end, for reactions (a notice, a command) that must not
   * replay history when the subscriber is first deployed.
   */
  readonly startAt?: 'start' | 'end';
  handle(events: RecordedEvent[], manager: EntityManager): Promise<void>;
}

/** Marks a provider as a subscriber; the subscription runner finds it at start. */
export const Subscriber = DiscoveryService.createDecorator();

/** A projection's name: its own, or `CollabRecordProjection` → `collab-record`. */
export const projectionName = (projection: InlineProjection): string =>
  projection.name ??
  projection.constructor.name
    .replace(/Projection$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();
