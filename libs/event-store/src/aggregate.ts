import type { DomainEvent } from './events';

/**
 * Base of event-sourced aggregates: methods decide and `raise()` events; `when()` folds an
 * event into state. No I/O and no clock in here: time and ids come in as arguments.
 */
export abstract class Aggregate<E extends DomainEvent = DomainEvent> {
  /** Number of events in the stream when loaded: the expected version of the next append. */
  version = 0;
  private pending: E[] = [];

  protected abstract when(event: E): void;

  protected raise(event: E): void {
    this.when(event);
    this.pending.push(event);
  }

  /** Rebuilds state from stored events. */
  load(events: readonly E[]): this {
    for (const event of events) {
      this.when(event);
      this.version += 1;
    }
    return this;
  }

  /** The events raised since loading; taking them leaves none pending. */
  takePendingEvents(): E[] {
    const events = this.pending;
    this.pending = [];
    return events;
  }
}
