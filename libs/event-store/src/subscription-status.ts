import type { DataSource } from 'typeorm';
import type { RecordedEvent } from './events';
import type { EventSubscriber } from './projection';
import { AFTER_CHECKPOINT, typesOf } from './subscription-checkpoints';

/** Where the subscribers of an event are with it. */
export type EventProgress = 'handled' | 'parked' | 'pending';

/**
 * The subscribers whose work is part of the event's outcome: detached ones (event
 * handlers, sagas) react after the fact and are not waited for.
 */
export const subscribersWaitedFor = (
  subscribers: readonly EventSubscriber[],
  event: RecordedEvent,
): EventSubscriber[] =>
  subscribers.filter((s) => !s.detached && (!s.handles || s.handles.includes(event.type)));

/**
 * What work that must come after a subscriber reads (erasure, a migration's last step, a
 * deletion status): read from the checkpoints and parked events, without running anything.
 */
export class SubscriptionStatus {
  constructor(private readonly dataSource: DataSource) {}

  /** True when the subscriber has handled every event of its types committed so far. */
  async isCaughtUp(subscriber: EventSubscriber): Promise<boolean> {
    const [checkpoint] = await this.dataSource.query(
      `SELECT position, transaction_id::text AS transaction_id FROM checkpoints WHERE subscription_id = $1`,
      [subscriber.subscriptionId],
    );
    if (!checkpoint) return false;
    const [row] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM events WHERE ${AFTER_CHECKPOINT}) AS behind`,
      [checkpoint.transaction_id, checkpoint.position, typesOf(subscriber)],
    );
    return !row.behind;
  }

  /**
   * `handled` when every one of `subscribers` is past `event`, `parked` when one gave up on
   * it, else `pending`.
   */
  async progressOf(
    subscribers: readonly EventSubscriber[],
    event: RecordedEvent,
  ): Promise<EventProgress> {
    const ids = subscribers.map((s) => s.subscriptionId);
    const [row] = await this.dataSource.query(
      `SELECT
         count(*) FILTER (WHERE (c.transaction_id, c.position) >= ($2::xid8, $3::bigint))::int AS past,
         count(p.id)::int AS parked
       FROM checkpoints c
       LEFT JOIN parked_events p
         ON p.subscription_id = c.subscription_id AND p.global_position = $3::bigint
       WHERE c.subscription_id = ANY($1::text[])`,
      [ids, event.transactionId, event.globalPosition],
    );
    if (row.parked > 0) return 'parked';
    return row.past === ids.length ? 'handled' : 'pending';
  }
}
