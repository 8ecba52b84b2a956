import type { DataSource, EntityManager } from 'typeorm';
import { ConcurrencyError } from './concurrency.error';
import type { EventSubscriber } from './projection';
import type { SubscriptionCheckpoints } from './subscription-checkpoints';
import { asError, type HandledBatch, type HandlerFailures } from './subscription-failures';
import { isTransientError } from './transient-error';

/** Detached work is slower (its own transactions): smaller batches, a lease renewed as it goes. */
const DETACHED_BATCH_SIZE = 100;
const LEASE_SECONDS = 30;
const LEASE_RENEW_MS = 10_000;

/**
 * A detached subscriber's batch (durable event handlers, sagas): claimed with a lease in one
 * short transaction, handled one event at a time with no transaction open (its work opens its
 * own; on the embedded database a held transaction would block it), the checkpoint moved
 * after the work. The lease keeps other instances off the subscription meanwhile.
 */
export class DetachedBatch {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checkpoints: SubscriptionCheckpoints,
    private readonly failures: HandlerFailures,
  ) {}

  async run(subscriber: EventSubscriber, stop: () => boolean): Promise<HandledBatch> {
    const id = subscriber.subscriptionId;
    const batch = await this.dataSource.transaction(async (m) => {
      const claimed = await this.checkpoints.claim(m, subscriber, DETACHED_BATCH_SIZE);
      if (claimed?.events.length) await this.lease(m, id);
      return claimed;
    });
    if (!batch?.events.length) return { handled: 0, heldBack: batch?.heldBack };
    let handled = 0;
    let renewedAt = Date.now();
    try {
      /** Moves the checkpoint past the events handled so far. */
      const keepDone = async (m: EntityManager) => {
        if (handled > 0) await this.checkpoints.advance(m, subscriber, batch.events[handled - 1]);
      };
      const saveProgress = async () => {
        if (handled > 0) await this.whileLeased(id, keepDone);
      };
      for (const event of batch.events) {
        if (stop()) {
          await saveProgress(); // shutting down: keep what is done, leave the rest
          return { handled };
        }
        try {
          await subscriber.handle([event], this.dataSource.manager);
        } catch (err) {
          if (isTransientError(err) || err instanceof ConcurrencyError) {
            await saveProgress().catch(() => undefined); // the database may be away
            throw err;
          }
          // The events before it are done: the next pass starts at this one, alone.
          const parked = await this.whileLeased(id, async (m) => {
            await keepDone(m);
            return this.failures.count(m, subscriber, batch.checkpoint, event, asError(err));
          });
          return parked ? { handled: handled + 1, parked } : { handled, error: asError(err) };
        }
        handled++;
        const last = handled === batch.events.length;
        if (last || Date.now() - renewedAt > LEASE_RENEW_MS) {
          const kept = await this.whileLeased(id, async (m) => {
            if (!last || !batch.readAll) await keepDone(m);
            else await this.checkpoints.advanceToHorizon(m, subscriber, batch.xmin);
            return true;
          });
          if (!kept) return { handled }; // the lease ran out and another instance took over
          renewedAt = Date.now();
        }
      }
      return { handled };
    } finally {
      await this.release(id);
    }
  }

  private async lease(m: EntityManager, subscriptionId: string): Promise<void> {
    await m.query(
      `UPDATE checkpoints SET lease_owner = $2,
         lease_expires_at = now() + make_interval(secs => ${LEASE_SECONDS})
       WHERE subscription_id = $1`,
      [subscriptionId, this.checkpoints.leaseOwner],
    );
  }

  /** Runs `work` on the checkpoint if this instance still holds its lease, and renews it. */
  private whileLeased<T>(
    subscriptionId: string,
    work: (m: EntityManager) => Promise<T>,
  ): Promise<T | undefined> {
    return this.dataSource.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `SELECT 1 FROM checkpoints WHERE subscription_id = $1 AND lease_owner = $2 FOR UPDATE`,
        [subscriptionId, this.checkpoints.leaseOwner],
      );
      if (rows.length === 0) return undefined;
      const result = await work(m);
      await this.lease(m, subscriptionId);
      return result;
    });
  }

  private async release(subscriptionId: string): Promise<void> {
    await this.dataSource
      .query(
        `UPDATE checkpoints SET lease_owner = NULL, lease_expires_at = NULL
         WHERE subscription_id = $1 AND lease_owner = $2`,
        [subscriptionId, this.checkpoints.leaseOwner],
      )
      .catch(() => undefined); // the lease runs out by itself
  }
}
