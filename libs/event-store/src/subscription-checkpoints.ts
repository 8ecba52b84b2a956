import type { DataSource, EntityManager } from 'typeorm';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import type { RecordedEvent } from './events';
import type { EventSubscriber } from './projection';
import { storedTypesOf } from './upcasters';

/** Events after a checkpoint ($1 transaction, $2 position) of the types $3 (all when null). */
export const AFTER_CHECKPOINT = `(transaction_id, global_position) > ($1::xid8, $2::bigint)
  AND ($3::text[] IS NULL OR type = ANY($3::text[]))`;

/** The stored types a subscriber reads: its own and the older ones upcast into them. */
export const typesOf = (subscriber: EventSubscriber) =>
  subscriber.handles ? storedTypesOf(subscriber.handles) : null;

export interface CheckpointRow {
  position: string;
  transaction_id: string;
  failing_position: string | null;
  failures: number;
  lease_owner: string | null;
  leased: boolean | null;
}

/** A subscriber's next events, read under its locked checkpoint. */
export interface PendingBatch {
  checkpoint: CheckpointRow;
  xmin: string;
  events: RecordedEvent[];
  /** Every event of its types below the horizon is in `events`. */
  readAll: boolean;
  /**
   * Events of its types committed at or above the horizon wait for an older transaction still
   * in flight: the next commit, of whatever type, may let them through.
   */
  heldBack: boolean;
}

/**
 * The `checkpoints` table: where each subscription is in the log, read and moved in the
 * transaction of the subscriber's work. A checkpoint moves past every event read, handled or
 * not, and never past a transaction still in flight.
 */
export class SubscriptionCheckpoints {
  private readonly made = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    /** This instance's name on the checkpoint leases of detached subscribers. */
    readonly leaseOwner: string,
  ) {}

  /**
   * Makes the subscriber's checkpoint if it has none: at the start of the log, or with
   * `startAt: 'end'` after the last event every transaction below the horizon committed.
   */
  async ensure(subscriber: EventSubscriber): Promise<void> {
    if (this.made.has(subscriber.subscriptionId)) return;
    if (subscriber.startAt === 'end') {
      await this.dataSource.query(
        `INSERT INTO checkpoints (subscription_id, position, transaction_id)
         SELECT $1, COALESCE(last.global_position, 0), COALESCE(last.transaction_id, '0'::xid8)
         FROM (SELECT 1) one LEFT JOIN (
           SELECT global_position, transaction_id FROM events
           WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) last ON true
         ON CONFLICT DO NOTHING`,
        [subscriber.subscriptionId],
      );
    } else {
      await this.dataSource.query(
        `INSERT INTO checkpoints (subscription_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [subscriber.subscriptionId],
      );
    }
    this.made.add(subscriber.subscriptionId);
  }

  /**
   * Locks the subscriber's checkpoint (skipping it if another process holds it) and reads
   * its next events below the horizon; with none left, moves the checkpoint to the horizon.
   */
  async claim(
    m: EntityManager,
    subscriber: EventSubscriber,
    batchSize: number,
  ): Promise<PendingBatch | undefined> {
    // One horizon for the read and the move to the end: every transaction below it is over.
    // It comes from the statement's snapshot, taken before the lock: if another process moved
    // the checkpoint meanwhile, the horizon is only lower than it could be, never past work.
    const [row]: (CheckpointRow & { xmin: string })[] = await m.query(
      `SELECT position, transaction_id::text AS transaction_id, failing_position, failures,
         lease_owner, lease_expires_at > now() AS leased,
         pg_snapshot_xmin(pg_current_snapshot())::text AS xmin
       FROM checkpoints WHERE subscription_id = $1 FOR UPDATE SKIP LOCKED`,
      [subscriber.subscriptionId],
    );
    if (!row) return undefined; // another process holds this subscription
    const { xmin, ...checkpoint } = row;
    if (checkpoint.leased && checkpoint.lease_owner !== this.leaseOwner) return undefined;
    // After a failure, the failing event comes alone until it is handled or parked.
    const limit = checkpoint.failures > 0 ? 1 : batchSize;
    // The events below the horizon in commit order, and at most one at or above it: committed
    // but held back by an older transaction still in flight, it is left for a later pass and
    // only says so (each part keeps its own order whichever way they are appended).
    const rows: EventRow[] = await m.query(
      `(SELECT ${EVENT_COLUMNS} FROM events
        WHERE ${AFTER_CHECKPOINT} AND transaction_id < $4::xid8
        ORDER BY events.transaction_id, events.global_position
        LIMIT ${limit})
       UNION ALL
       (SELECT ${EVENT_COLUMNS} FROM events
        WHERE ${AFTER_CHECKPOINT} AND transaction_id >= $4::xid8
        LIMIT 1)`,
      [checkpoint.transaction_id, checkpoint.position, typesOf(subscriber), xmin],
    );
    const horizon = BigInt(xmin);
    const below = rows.filter((row) => BigInt(row.transaction_id) < horizon);
    if (below.length === 0) await this.advanceToHorizon(m, subscriber, xmin);
    return {
      checkpoint,
      xmin,
      events: below.map(toRecordedEvent),
      // Fewer than asked: no other event of its types below the horizon, handled or not.
      readAll: below.length < limit,
      heldBack: below.length < rows.length,
    };
  }

  /** Moves the checkpoint past `event`, forgetting any failure before it. */
  async advance(m: EntityManager, subscriber: EventSubscriber, event: RecordedEvent) {
    await m.query(
      `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8, updated_at = now(),
         failing_position = NULL, failures = 0, last_error = NULL
       WHERE subscription_id = $1 AND (transaction_id, position) < ($3::xid8, $2::bigint)`,
      [subscriber.subscriptionId, event.globalPosition, event.transactionId],
    );
  }

  /**
   * Moves the checkpoint to the last event below `xmin`, of any type: called only when every
   * event of the subscriber's types up to there was handled, so a filtered subscriber does
   * not read the log's tail of other types again on every pass. Nothing at or above `xmin`
   * is passed: a transaction still in flight may yet commit an event the subscriber wants.
   */
  async advanceToHorizon(m: EntityManager, subscriber: EventSubscriber, xmin: string) {
    await m.query(
      `UPDATE checkpoints c SET position = e.global_position, transaction_id = e.transaction_id,
         updated_at = now(), failing_position = NULL, failures = 0, last_error = NULL
       FROM (SELECT transaction_id, global_position FROM events WHERE transaction_id < $2::xid8
             ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
       WHERE c.subscription_id = $1
         AND (e.transaction_id, e.global_position) > (c.transaction_id, c.position)`,
      [subscriber.subscriptionId, xmin],
    );
  }

  /** Keeps the checkpoint before `event` and notes the failures in a row on it. */
  async recordFailure(
    m: EntityManager,
    subscriber: EventSubscriber,
    event: RecordedEvent,
    attempts: number,
    error: string,
  ): Promise<void> {
    await m.query(
      `UPDATE checkpoints SET failing_position = $2, failures = $3, last_error = $4, updated_at = now()
       WHERE subscription_id = $1`,
      [subscriber.subscriptionId, event.globalPosition, attempts, error],
    );
  }
}
