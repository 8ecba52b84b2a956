/** Attempts a destination starts with, before its answers say more. */
const FIRST_LIMIT = 8;
/** The pause before each attempt to a destination that keeps failing: doubling, to 1 s. */
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 1_000;
/** Overload failures in a row at one attempt at a time after which a destination is down. */
const DOWN_AFTER_AT_ONE = 3;
/**
 * Failed attempts in a row, of any kind, after which a destination is down: one answering
 * 500 to everything is at its 20th attempt; one answering 500 to half of its calls fails 20
 * in a row about once in two million attempts.
 */
const DOWN_AFTER_IN_ROW = 20;

/**
 * How many attempts to one destination may be in flight, learnt from its answers the way TCP
 * sizes its window: one more after a round of successes (up to `max`), half as many after an
 * answer that says the receiver cannot take more (no answer, 408, 429, 502–504), once a
 * round: failures of attempts started before the last cut do not cut again. Other failures
 * (a 500, say) are the delivery's own and cut nothing, so a receiver that fails some of its
 * calls gets the others at full speed.
 *
 * A destination is down after DOWN_AFTER_AT_ONE overload failures at one attempt at a time,
 * or DOWN_AFTER_IN_ROW failures of any kind with no success between: it then gets one attempt
 * at a time, with a pause before each while they fail (doubling to a second; see
 * DestinationLanes), until one succeeds, and grows back by one attempt a round. So a receiver
 * that is down or slow costs the server little.
 */
export class AdaptiveConcurrency {
  private allowed: number;
  private successes = 0;
  /** Failures in a row counted at one attempt at a time: they set the pause. */
  private failuresAtOne = 0;
  /** Failures in a row of any kind. */
  private failuresInRow = 0;
  private started = 0;
  /** Attempts started up to the last cut: their failures belong to the round already cut. */
  private cutAt = 0;

  constructor(private readonly max: number) {
    this.allowed = Math.min(max, FIRST_LIMIT);
  }

  get limit(): number {
    return this.allowed;
  }

  get down(): boolean {
    return this.failuresAtOne >= DOWN_AFTER_AT_ONE || this.failuresInRow >= DOWN_AFTER_IN_ROW;
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
    this.failuresInRow = 0;
    if (++this.successes >= this.allowed) {
      this.successes = 0;
      this.allowed = Math.min(this.max, this.allowed + 1);
    }
  }

  /** An attempt failed; `overloaded`: its answer says the receiver cannot take more now. */
  failed(attempt: number, overloaded: boolean): void {
    const wasDown = this.down;
    // Another failure is an answer in time: it neither cuts nor holds back the growth.
    if (overloaded) this.successes = 0;
    this.failuresInRow++;
    // While down every failure counts: the probes' pauses grow whatever they fail with.
    if ((overloaded || wasDown) && attempt > this.cutAt) this.cut();
    if (!wasDown && this.down) {
      this.allowed = 1;
      this.cutAt = this.started;
    }
  }

  private cut(): void {
    if (this.allowed === 1) this.failuresAtOne++;
    this.allowed = Math.max(1, Math.floor(this.allowed / 2));
    this.cutAt = this.started;
  }
}

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
