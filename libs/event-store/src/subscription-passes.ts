import { Logger } from '@nestjs/common';
import { yieldToEventLoop } from '@app/platform';
import type { EventSubscriber } from './projection';
import { asError, messageOf } from './subscription-failures';

const FAILURE_BACKOFF_MS = 500;
const FAILURE_BACKOFF_MAX_MS = 30_000;

/** One batch of a subscriber; how many events it handled (0: caught up). */
export type RunBatch = (subscriber: EventSubscriber, stop: () => boolean) => Promise<number>;

/**
 * When a subscriber's batches run: a pass runs batches until the subscriber is caught up, one
 * pass per subscription in this process, in the background (woken by appends and a timer) or
 * asked for (`drain`, `waitForEvent`); failed passes back off.
 */
export class SubscriptionPasses {
  private readonly logger = new Logger('Subscriptions');
  /** Each subscriber's background pass, and whether another was asked for meanwhile. */
  private readonly background = new Map<string, { running: Promise<void>; again: boolean }>();
  /** The pass running for each subscription in this process. */
  private readonly passes = new Map<string, Promise<void>>();
  /** Failed passes in a row per subscription, and when the next may start (backoff). */
  private readonly failedPasses = new Map<string, { count: number; until: number }>();
  private stopped = false;

  constructor(private readonly runBatch: RunBatch) {}

  /** Stops the background passes after the batch or event at hand, and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.background.values()].map((b) => b.running));
  }

  /**
   * Runs a subscriber's batches until it is caught up. After a failed pass the next waits a
   * while (doubling to FAILURE_BACKOFF_MAX_MS): a busy log wakes the runner on every append,
   * and an event must not be counted towards parking, nor a busy database hit, that fast.
   */
  async run(subscriber: EventSubscriber, background = false): Promise<void> {
    const id = subscriber.subscriptionId;
    // One pass per subscription in this process: the background pass, `drain` and
    // `waitForEvent` may ask at once, and two passes would handle the same events.
    for (let running = this.passes.get(id); running; running = this.passes.get(id)) {
      await running.catch(() => undefined);
    }
    const pass = this.passOf(subscriber, background);
    this.passes.set(id, pass);
    try {
      await pass;
    } finally {
      if (this.passes.get(id) === pass) this.passes.delete(id);
    }
  }

  /** Starts a background pass of each subscriber, or asks for one more after the running one. */
  kick(subscribers: readonly EventSubscriber[]): void {
    if (this.stopped) return;
    for (const subscriber of subscribers) this.kickOne(subscriber);
  }

  /** A background pass stops at shutdown; one asked for (`drain`, `waitForEvent`) runs to the end. */
  private async passOf(subscriber: EventSubscriber, background: boolean): Promise<void> {
    const id = subscriber.subscriptionId;
    if ((this.failedPasses.get(id)?.until ?? 0) > Date.now()) return;
    try {
      const stop = () => background && this.stopped;
      while (!stop() && (await this.runBatch(subscriber, stop)) > 0) await yieldToEventLoop();
      this.failedPasses.delete(id);
    } catch (err) {
      const count = (this.failedPasses.get(id)?.count ?? 0) + 1;
      const wait = Math.min(FAILURE_BACKOFF_MAX_MS, FAILURE_BACKOFF_MS * 2 ** (count - 1));
      this.failedPasses.set(id, { count, until: Date.now() + wait });
      throw err;
    }
  }

  private kickOne(subscriber: EventSubscriber): void {
    const id = subscriber.subscriptionId;
    const current = this.background.get(id);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: false, running: Promise.resolve() };
    state.running = this.runInBackground(subscriber).finally(() => {
      this.background.delete(id);
      if (state.again && !this.stopped) this.kickOne(subscriber);
    });
    this.background.set(id, state);
  }

  /**
   * A subscriber's background pass: a failure is logged and retried later. Each subscriber
   * has a pass of its own, so one that is slow or failing holds up none of the others.
   */
  private async runInBackground(subscriber: EventSubscriber): Promise<void> {
    await this.run(subscriber, true).catch((err) =>
      this.logger.error({
        msg: 'subscription batch failed',
        subscriptionId: subscriber.subscriptionId,
        err: messageOf(asError(err)),
      }),
    );
  }
}
