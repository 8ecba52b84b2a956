import type { EntityManager } from 'typeorm';
import type { RecordedEvent } from './events';
import type { ParkedEvents } from './parked-events';
import type { EventSubscriber } from './projection';
import type { CheckpointRow, SubscriptionCheckpoints } from './subscription-checkpoints';

/** An event given up on in a batch, reported once its transaction commits. */
export interface Parking {
  event: RecordedEvent;
  error: string;
  attempts: number;
}

/** What came of one batch of a subscriber. */
export interface HandledBatch {
  /** Events the checkpoint moved past (a parked one included). */
  handled: number;
  parked?: Parking;
  /** The handler's failure on an event not parked yet: the pass stops here for now. */
  error?: Error;
  /** Nothing handled, and events of its types wait for an older transaction (`PendingBatch`). */
  heldBack?: boolean;
}

export const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * What is kept of a handler's error (in `parked_events`, `checkpoints` and the log): its kind,
 * its SQLSTATE if any, and its message with quoted text blanked. Postgres and other libraries
 * quote the offending value (a name, an email), and erasure does not reach these places.
 */
export const messageOf = (err: Error) => {
  const code = (err as { code?: unknown }).code;
  const message = (err.message || '').replace(/"[^"]*"|'[^']*'/g, '"…"');
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${message}`.slice(0, 2000);
};

/**
 * A handler's failures on one event, counted on the checkpoint row (so the count survives
 * restarts and is shared by every instance): at `maxAttempts` in a row the event is parked
 * and the checkpoint passes it.
 */
export class HandlerFailures {
  constructor(
    private readonly checkpoints: SubscriptionCheckpoints,
    private readonly parked: ParkedEvents,
    private readonly maxAttempts: () => number,
  ) {}

  /** Counts a failure on `event`; at `maxAttempts` in a row it is parked and passed. */
  async count(
    m: EntityManager,
    subscriber: EventSubscriber,
    checkpoint: CheckpointRow,
    event: RecordedEvent,
    err: Error,
  ): Promise<Parking | undefined> {
    const again = String(checkpoint.failing_position) === event.globalPosition;
    const attempts = again ? Number(checkpoint.failures) + 1 : 1;
    const error = messageOf(err);
    if (attempts < this.maxAttempts()) {
      await this.checkpoints.recordFailure(m, subscriber, event, attempts, error);
      return undefined;
    }
    await this.parked.park(m, subscriber.subscriptionId, event, error, attempts);
    await this.checkpoints.advance(m, subscriber, event);
    return { event, error, attempts };
  }
}
