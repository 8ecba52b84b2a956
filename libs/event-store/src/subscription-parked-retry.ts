import type { DataSource, EntityManager } from 'typeorm';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import type { RecordedEvent } from './events';
import type { ParkedEvent, ParkedEvents } from './parked-events';
import type { EventSubscriber } from './projection';
import { asError, messageOf } from './subscription-failures';

/** How a retried parked event went. */
export interface ParkedRetry {
  parked: ParkedEvent;
  handled: boolean;
  error?: string;
}

/** An operator's retry of a parked event (`events retry <id>`); the checkpoint stays put. */
export class ParkedRetries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly parked: ParkedEvents,
  ) {}

  /**
   * Runs one parked event through its subscriber again, in a transaction of its own; the
   * checkpoint stays where it is. Handled: the parked row goes. Failed: it stays, with the
   * new error. Undefined when there is no such parked event.
   */
  async retry(
    id: string,
    subscriberOf: (subscriptionId: string) => EventSubscriber | undefined,
  ): Promise<ParkedRetry | undefined> {
    const found = await this.parked.find(id);
    if (!found) return undefined;
    const subscriber = subscriberOf(found.subscriptionId);
    if (!subscriber) throw new Error(`No subscriber ${found.subscriptionId}`);
    try {
      if (subscriber.detached) return await this.retryDetached(subscriber, found);
      const parked = await this.dataSource.transaction(async (m) => {
        // Not beside a live batch of the same subscription (here or in another instance).
        await m.query(`SELECT 1 FROM checkpoints WHERE subscription_id = $1 FOR UPDATE`, [
          found.subscriptionId,
        ]);
        const locked = await this.parked.find(id, m);
        if (!locked) return undefined; // retried by someone else meanwhile
        await subscriber.handle(await this.eventsAt(m, locked.position), m);
        await this.parked.remove(id, m);
        return locked;
      });
      return parked && { parked, handled: true };
    } catch (err) {
      const error = messageOf(asError(err));
      await this.parked.retryFailed(id, error);
      return { parked: found, handled: false, error };
    }
  }

  /** A parked event of a detached subscriber, run again with no transaction held. */
  private async retryDetached(
    subscriber: EventSubscriber,
    found: ParkedEvent,
  ): Promise<ParkedRetry> {
    const m = this.dataSource.manager;
    await subscriber.handle(await this.eventsAt(m, found.position), m);
    await this.parked.remove(found.id, m);
    return { parked: found, handled: true };
  }

  /** The parked event, read again from the log (through the upcasters). */
  private async eventsAt(m: EntityManager, position: string): Promise<RecordedEvent[]> {
    const rows: EventRow[] = await m.query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position = $1`,
      [position],
    );
    if (rows.length === 0) throw new Error('The event is no longer in the log');
    return rows.map(toRecordedEvent);
  }
}
