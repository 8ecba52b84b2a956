import type { HeldDelivery } from './attempt-recorder';
import { AdaptiveConcurrency } from './adaptive-concurrency';
import type { DestinationRef, Target } from './webhook-targets';

/** A first guess at how long an attempt takes, before a lane has measured its own. */
const FIRST_GUESS_MS = 50;
/**
 * What an answer says of its receiver (see AdaptiveConcurrency): `overloaded` when it cannot
 * take more now or is not there (no answer in time or at all, 408, 429, 502, 503, 504, and a
 * proxy's 521–524: its origin down, unreachable or timing out);
 * `failing` for another 5xx (a failure of that call: a receiver may fail some and take the
 * others); `there` for the rest, 4xx included (each delivery gets its own answer).
 */
export type ReceiverState = 'there' | 'failing' | 'overloaded';

export function receiverState(status: number | undefined): ReceiverState {
  if (status === undefined || status === 408 || status === 429) return 'overloaded';
  if ((status >= 502 && status <= 504) || (status >= 521 && status <= 524)) return 'overloaded';
  return status >= 500 ? 'failing' : 'there';
}

export interface Item {
  delivery: HeldDelivery;
  /** When it was taken in, on the lanes' counter of takes. */
  take: number;
  /**
   * Called once: with nothing when its outcome is recorded, else with why it is not; and for
   * the jobs that took the same delivery in again while it was here (see `Lane.join`).
   */
  settle: (err?: unknown) => void;
}

/** One destination's attempts in this process. */
export class Lane {
  readonly waiting: Item[] = [];
  inFlight = 0;
  /** How many attempts may be in flight, learnt from the destination's answers. */
  readonly concurrency: AdaptiveConcurrency;
  /** No attempt starts before this (a destination that keeps failing is paused). */
  notBefore = 0;
  /** How long an attempt here takes (a moving mean): how much to take in, when to come back. */
  meanMs = FIRST_GUESS_MS;
  /** The destination as last read: when that read started, and after which take. */
  target?: { value: Target | undefined; readAt: number; afterTake: number };
  /** A read (target, payloads, rate slots) is under way, or a pause: nothing starts meanwhile. */
  busy = false;
  /** Rate slots granted for `slotsSecond` and not used yet. */
  slots = 0;
  slotsSecond = 0;
  lastActive = Date.now();

  constructor(
    readonly ref: DestinationRef,
    mostInFlight: number,
  ) {
    this.concurrency = new AdaptiveConcurrency(mostInFlight);
  }

  /** The deliveries held (waiting or in flight), by id. */
  private readonly byId = new Map<string, Item>();

  get held(): number {
    return this.waiting.length + this.inFlight;
  }

  /**
   * Holds a delivery, or, when it holds it already at the same attempt (its job run again,
   * say), joins the one it holds: one request, and both told of its outcome.
   */
  hold(delivery: HeldDelivery, take: number, settle: (err?: unknown) => void): void {
    const held = this.byId.get(delivery.deliveryId);
    if (held && held.delivery.attempts === delivery.attempts) {
      const first = held.settle;
      held.settle = (err) => {
        first(err);
        settle(err);
      };
      return;
    }
    const item: Item = {
      delivery,
      take,
      settle: (err) => {
        if (this.byId.get(delivery.deliveryId) === item) this.byId.delete(delivery.deliveryId);
        settle(err);
      },
    };
    this.byId.set(delivery.deliveryId, item);
    this.waiting.push(item);
  }

  /**
   * About how long until what it holds, and `more`, has gone out: at its concurrency, at the
   * pace of its answers and pauses, within its rate limit. A destination that is down lets
   * everything waiting go with its next probe's answer.
   */
  drainMs(more = 0): number {
    const count = this.held + more;
    if (count === 0) return 0;
    const { limit, pauseMs, down } = this.concurrency;
    if (down) return pauseMs + this.meanMs;
    const perSecond = Math.min(
      (1000 * limit) / Math.max(1, this.meanMs + pauseMs),
      this.target?.value?.rateLimit ?? Infinity,
    );
    return (1000 * count) / perSecond;
  }
}
