/** Attempts a destination starts with, before its answers say more. */
const FIRST_LIMIT = 8;
/** The pause before each attempt to a destination that keeps failing: doubling, to 1 s. */
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 1_000;
/** Failures in a row at one attempt at a time after which a destination counts as down. */
const DOWN_AFTER = 3;

/**
 * How many attempts to one destination may be in flight, learnt from its answers the way TCP
 * sizes its window: one more after a round of successes (up to `max`), half as many after a
 * failure (once a round: failures of attempts started before the last cut do not cut again).
 * A destination that keeps failing at one attempt at a time also gets a pause before each
 * attempt, doubling to a second, and after DOWN_AFTER such failures counts as down (see
 * DestinationLanes) until one succeeds. So a receiver that is down or slow costs the server
 * little, and one that recovers grows back by one attempt a round.
 */
export class AdaptiveConcurrency {
  private allowed: number;
  private successes = 0;
  /** Failures in a row while down to one attempt at a time. */
  private failuresAtOne = 0;
  private started = 0;
  /** Attempts started up to the last cut: their failures belong to the round already cut. */
  private cutAt = 0;

  constructor(private readonly max: number) {
    this.allowed = Math.min(max, FIRST_LIMIT);
  }

  get limit(): number {
    return this.allowed;
  }

  /** Failing, one attempt at a time, DOWN_AFTER times in a row. */
  get down(): boolean {
    return this.failuresAtOne >= DOWN_AFTER;
  }

  /** The pause the next attempt waits for. */
  get pauseMs(): number {
    if (this.failuresAtOne === 0) return 0;
    return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (this.failuresAtOne - 1));
  }

  /** An attempt starts: its number, for `failed`. */
  start(): number {
    return ++this.started;
  }

  succeeded(): void {
    this.failuresAtOne = 0;
    if (++this.successes >= this.allowed) {
      this.successes = 0;
      this.allowed = Math.min(this.max, this.allowed + 1);
    }
  }

  failed(attempt: number): void {
    this.successes = 0;
    if (attempt <= this.cutAt) return;
    if (this.allowed === 1) this.failuresAtOne++;
    this.allowed = Math.max(1, Math.floor(this.allowed / 2));
    this.cutAt = this.started;
  }
}
