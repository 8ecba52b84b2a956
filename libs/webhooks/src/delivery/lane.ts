import type { HeldDelivery } from './attempt-recorder';
import { AdaptiveConcurrency } from './adaptive-concurrency';
import type { DestinationRef, Target } from './webhook-targets';

/** A first guess at how long an attempt takes, before a lane has measured its own. */
const FIRST_GUESS_MS = 50;
/**
 * Whether an answer says the receiver cannot take more now: no answer in time or at all, a
 * 5xx, 408 or 429. Other answers, 4xx included, come from a receiver that is there: each
 * delivery gets its own.
 */
export const isOverloaded = (status: number | undefined) =>
  status === undefined || status >= 500 || status === 408 || status === 429;

export interface Item {
  delivery: HeldDelivery;
  /** When it was taken in, on the lanes' counter of takes. */
  take: number;
  /** Called once: with nothing when its outcome is recorded, else with why it is not. */
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

  get held(): number {
    return this.waiting.length + this.inFlight;
  }
}
