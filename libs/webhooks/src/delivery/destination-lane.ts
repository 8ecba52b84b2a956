import type { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { bodyOf, signatureHeaders } from '../domain/delivery';
import { AdaptiveConcurrency, receiverState } from './adaptive-concurrency';
import type { ClaimedDelivery, Outcome } from './attempt-recorder';
import type { HttpSender } from './http-sender';
import { LoopSignal } from './loop-signal';
import { RateSlots } from './rate-slots';
import type { DestinationRef, Target, WebhookTargets } from './webhook-targets';

/** A first guess at how long an attempt takes, before a lane has measured its own. */
const FIRST_GUESS_MS = 50;
/** A destination's configuration is read again after this long (D11: as it is at the attempt). */
const TARGET_FRESH_MS = 1_000;
/** A delivery seen pending longer ago is read again before it goes (one erased is not sent). */
const CHECKED_MS = 1_000;
const MOST_CHECKED = 1_000;

/** What a lane uses of the worker that owns it. */
export interface LaneContext {
  targets: Pick<WebhookTargets, 'of'>;
  sender: Pick<HttpSender, 'send'>;
  /** The JSON of a delivery's payload (not erased). */
  payloadOf(delivery: ClaimedDelivery): string;
  /** Those of the deliveries still pending (see DeliveryClaims.stillPending). */
  stillPending(deliveries: ClaimedDelivery[]): Promise<ClaimedDelivery[]>;
  manager: EntityManager;
  logger: Logger;
  /** Records an outcome; the delivery is not held after. */
  finish(delivery: ClaimedDelivery, outcome: Outcome): Promise<void>;
  /** Lets deliveries go without an outcome: claimed again once their claims lapse. */
  drop(deliveries: ClaimedDelivery[], why: unknown): void;
}

/**
 * One destination's attempts in this process, sent by one `async` loop: up to its concurrency
 * in flight (fewer while it fails, see AdaptiveConcurrency), its `rateLimit` taken from the
 * count every instance shares, its configuration read as it is now. A slow or failing
 * receiver holds a few of its own sockets, never what the others need.
 */
export class DestinationLane {
  readonly waiting: ClaimedDelivery[] = [];
  inFlight = 0;
  /** Attempts that may be in flight, learnt from the destination's answers. */
  readonly concurrency: AdaptiveConcurrency;
  /** No attempt starts before this (a destination that keeps failing is paused). */
  notBefore = 0;
  /** How long an attempt here takes (a moving mean): how much to claim for it. */
  meanMs = FIRST_GUESS_MS;
  /** The destination as last read, and when that read started. */
  target?: { value: Target | undefined; readAt: number };
  lastActive = Date.now();
  private readonly slots = new RateSlots();
  private running = false;
  private stopped = false;
  private readonly signal = new LoopSignal();

  constructor(
    readonly ref: DestinationRef,
    mostInFlight: number,
    private readonly context: LaneContext,
  ) {
    this.concurrency = new AdaptiveConcurrency(mostInFlight);
  }

  get held(): number {
    return this.waiting.length + this.inFlight;
  }

  get idle(): boolean {
    return this.held === 0 && !this.running;
  }

  take(deliveries: ClaimedDelivery[]): void {
    this.waiting.push(...deliveries);
    this.lastActive = Date.now();
    this.signal.poke();
    if (!this.running && !this.stopped) void this.run();
  }

  /** Starts nothing more; answers what was waiting (attempts in flight finish). */
  stop(): ClaimedDelivery[] {
    this.stopped = true;
    this.signal.poke();
    return this.waiting.splice(0);
  }

  /** About how long until what it holds, and `more`, has gone out (down: the next probe). */
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

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (!this.stopped && this.waiting.length > 0) await this.step();
    } catch (err) {
      // The destination or its rate slots could not be read (the database is away).
      this.context.drop(this.waiting.splice(0), err);
    } finally {
      this.running = false;
      this.lastActive = Date.now();
    }
  }

  /** Starts the next attempt, or waits for what holds it back. */
  private async step(): Promise<void> {
    const target = await this.currentTarget();
    if (this.waiting.length === 0) return; // let go meanwhile: stopped, or failed with a probe
    if (!target) {
      // Removed or turned off since the event: the deliveries claimed before the read end
      // without an attempt.
      const readAt = this.target!.readAt;
      for (const d of this.takeWaiting((w) => w.claimedAt <= readAt)) {
        void this.context.finish(d, {
          attempted: false,
          reason: 'destination removed or turned off',
        });
      }
      return;
    }
    const now = Date.now();
    if (now < this.notBefore) return this.signal.wait(this.notBefore - now);
    if (this.inFlight >= this.concurrency.limit) return this.signal.wait(); // until one ends
    if (now - this.waiting[0].checkedAt > CHECKED_MS) return this.recheck(now);
    if (target.rateLimit && target.endpointId) {
      const room = Math.min(this.waiting.length, this.concurrency.limit - this.inFlight);
      const waitMs = await this.slots.take(
        this.context.manager,
        target.endpointId,
        target.rateLimit,
        room,
      );
      if (waitMs !== 0) return waitMs > 0 ? this.signal.wait(waitMs) : undefined;
    }
    const delivery = this.waiting.shift();
    if (!delivery) return; // let go while the rate slots were read
    this.inFlight++;
    void this.attempt(delivery, target);
  }

  /** The destination as read after the next delivery was claimed, and within a second. */
  private async currentTarget(): Promise<Target | undefined> {
    const read = this.target;
    if (
      read &&
      read.readAt >= this.waiting[0].claimedAt &&
      Date.now() - read.readAt <= TARGET_FRESH_MS
    ) {
      return read.value;
    }
    const readAt = Date.now();
    this.target = { value: await this.context.targets.of(this.ref), readAt };
    return this.target.value;
  }

  /** Reads again, in one statement, what waits unseen for a while; what ended is let go. */
  private async recheck(now: number): Promise<void> {
    const stale = this.waiting
      .slice(0, MOST_CHECKED)
      .filter((d) => now - d.checkedAt > CHECKED_MS / 2);
    const pending = new Set(await this.context.stillPending(stale));
    pending.forEach((d) => (d.checkedAt = now));
    const ended = new Set(stale.filter((d) => !pending.has(d)));
    if (ended.size > 0) this.takeWaiting((d) => ended.has(d));
  }

  private takeWaiting(which: (d: ClaimedDelivery) => boolean): ClaimedDelivery[] {
    const taken = this.waiting.filter(which);
    const left = this.waiting.filter((d) => !which(d));
    this.waiting.splice(0, this.waiting.length, ...left);
    return taken;
  }

  private async attempt(d: ClaimedDelivery, target: Target): Promise<void> {
    let outcome: Outcome = { attempted: false, reason: 'payload erased' };
    if (d.storedPayload !== null) {
      const at = new Date();
      try {
        const body = bodyOf(this.context.payloadOf(d), target.format);
        const headers = signatureHeaders(d.deliveryId, body, target.signingKey);
        if (target.authorization) headers.authorization = target.authorization;
        outcome = { attempted: true, at, ...(await this.send(target, body, headers)) };
      } catch (err) {
        // A body or header that cannot be made (a key too small for the encryption, a token
        // Node refuses in a header): a failed attempt, recorded like any other.
        const error = `could not send: ${(err as Error).message}`.slice(0, 500);
        outcome = { attempted: true, at, durationMs: 0, error };
      }
      this.meanMs = 0.8 * this.meanMs + 0.2 * outcome.durationMs;
    }
    this.inFlight--;
    this.signal.poke();
    await this.context.finish(d, outcome);
  }

  /** Sends, and learns from the answer how much the destination takes (AdaptiveConcurrency). */
  private async send(target: Target, body: string, headers: Record<string, string>) {
    const attempt = this.concurrency.start();
    // Started while the destination was down: this attempt is its probe.
    const probe = this.concurrency.down;
    const sent = await this.context.sender.send(target.url, body, headers);
    const wasDown = this.concurrency.down;
    const state = receiverState(sent.status);
    if (state === 'there') this.concurrency.succeeded();
    else {
      this.concurrency.failed(attempt, state === 'overloaded');
      this.notBefore = Date.now() + this.concurrency.pauseMs;
      // A probe failed: what waited for its answer fails with it. (Not when an attempt made
      // before puts the destination down: what waits then waits for the first probe.)
      if (probe && this.concurrency.down) this.failWaiting();
    }
    // Logged when it goes down or comes back, not for each attempt in flight meanwhile.
    if (wasDown !== this.concurrency.down) {
      this.context.logger[wasDown ? 'log' : 'warn']({
        msg: wasDown ? 'webhook destination back up' : 'webhook destination down',
        destination: this.ref.destination,
        host: URL.parse(target.url)?.host,
        ...(!wasDown && { status: sent.status, error: sent.error }),
      });
    }
    return sent;
  }

  /**
   * A destination that is down gets one attempt at a time (its probe), after its pause; what
   * waited for the probe's answer fails with it, without a request (a failed attempt, retried
   * on the schedule). So a dead receiver costs little, and no attempt fails without an answer.
   */
  private failWaiting(): void {
    const readAt = this.target?.readAt ?? 0;
    for (const d of this.takeWaiting((w) => w.claimedAt <= readAt)) {
      void this.context.finish(d, {
        attempted: true,
        at: new Date(),
        durationMs: 0,
        error: 'not sent: the destination is failing (its latest attempts failed)',
        notSent: true,
      });
    }
  }
}
