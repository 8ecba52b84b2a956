import type { DataSource, EntityManager } from 'typeorm';
import { ConcurrencyError } from './concurrency.error';
import type { EventSubscriber } from './projection';
import type { SubscriptionCheckpoints } from './subscription-checkpoints';
import { asError, type HandledBatch, type HandlerFailures } from './subscription-failures';
import { isTransientError } from './transient-error';

const BATCH_SIZE = 500;

/**
 * A batch of a subscriber that works inside the checkpoint's transaction (projections,
 * derived records): its writes and the checkpoint's move commit together, so a crash repeats
 * the batch rather than losing it.
 */
export class InTransactionBatch {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checkpoints: SubscriptionCheckpoints,
    private readonly failures: HandlerFailures,
  ) {}

  run(subscriber: EventSubscriber): Promise<HandledBatch> {
    return this.dataSource.transaction((m) => this.handle(subscriber, m));
  }

  private async handle(subscriber: EventSubscriber, m: EntityManager): Promise<HandledBatch> {
    const batch = await this.checkpoints.claim(m, subscriber, BATCH_SIZE);
    if (!batch?.events.length) return { handled: 0, heldBack: batch?.heldBack };
    const { events, readAll, xmin, checkpoint } = batch;
    const batchError = await this.attempt(m, () => subscriber.handle(events, m));
    if (!batchError) {
      if (readAll) await this.checkpoints.advanceToHorizon(m, subscriber, xmin);
      else await this.checkpoints.advance(m, subscriber, events[events.length - 1]);
      return { handled: events.length };
    }
    // One at a time: the events before the failing one are kept, the failing one counted.
    for (const [index, event] of events.entries()) {
      const error =
        events.length === 1
          ? batchError
          : await this.attempt(m, () => subscriber.handle([event], m));
      if (!error) {
        await this.checkpoints.advance(m, subscriber, event);
        continue;
      }
      const parked = await this.failures.count(m, subscriber, checkpoint, event, error);
      return parked ? { handled: index + 1, parked } : { handled: index, error };
    }
    return { handled: events.length };
  }

  /**
   * Runs a handler under a savepoint, so a failure undoes its writes only; returns its
   * error. A transient error is thrown instead: the whole pass is tried again later and
   * nothing is counted.
   */
  private async attempt(m: EntityManager, work: () => Promise<void>): Promise<Error | undefined> {
    await m.query('SAVEPOINT subscriber_work');
    try {
      await work();
    } catch (err) {
      // A write conflict with a concurrent command passes on a later try: not the event's fault.
      if (isTransientError(err) || err instanceof ConcurrencyError) throw err;
      await m.query('ROLLBACK TO SAVEPOINT subscriber_work');
      return asError(err);
    }
    await m.query('RELEASE SAVEPOINT subscriber_work');
    return undefined;
  }
}
