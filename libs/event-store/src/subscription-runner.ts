import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { durableCqrsSubscribers } from './cqrs-subscribers';
import { EventStore } from './event-store';
import type { RecordedEvent } from './events';
import { ParkedEvents } from './parked-events';
import { Subscriber, type EventSubscriber } from './projection';
import { SubscriptionCheckpoints, typesOf } from './subscription-checkpoints';
import { DetachedBatch } from './subscription-detached-batch';
import { HandlerFailures, type Parking } from './subscription-failures';
import { InTransactionBatch } from './subscription-in-transaction-batch';
import { ParkedRetries, type ParkedRetry } from './subscription-parked-retry';
import { SubscriptionPasses } from './subscription-passes';
import {
  SubscriptionStatus,
  subscribersWaitedFor,
  type EventProgress,
} from './subscription-status';

export type { ParkedRetry } from './subscription-parked-retry';

const DEFAULT_MAX_ATTEMPTS = 5;
const POLL_INTERVAL_MS = 1000;
const WAIT_POLL_MS = 50;

/**
 * Feeds subscribers from the log in commit order. Events are read only below the oldest
 * transaction still in flight (`pg_snapshot_xmin`), ordered by (transaction_id, position),
 * so an event whose transaction commits late is never skipped. The checkpoint row is locked
 * and updated in the same transaction as the subscriber's work: one process at a time, and
 * a crash repeats a batch rather than losing it.
 *
 * A handler that fails on the same event `maxAttempts` times in a row parks it
 * (`parked_events`) and the checkpoint moves on: one bad event never stalls a subscription.
 * The count is kept on the checkpoint row, so it survives restarts and is shared by every
 * instance. Failures that say the database is away (`isTransientError`) do not count.
 */
@Injectable()
export class SubscriptionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Subscriptions');
  private subscribers: EventSubscriber[] = [];
  /** The stored types each filtered subscriber reads (absent: every type). */
  private readonly typesRead = new Map<EventSubscriber, ReadonlySet<string>>();
  private timer?: NodeJS.Timeout;
  /** Every subscriber: at start and on the timer, which also catches another process's appends. */
  private readonly wakeAll = () => this.passes.kick(this.subscribers);
  /**
   * Subscribers whose last batch found events of their types held back (`PendingBatch`); only
   * the runner's own are woken for it (`wakeFor` picks from `subscribers`).
   */
  private readonly heldBack = new Set<EventSubscriber>();
  /**
   * After a commit of this process, only the subscribers of the types it appended, and those
   * waiting for an older transaction to end (this commit may be it): each pass costs a
   * transaction of several statements even when it finds nothing to do. The others move their
   * checkpoints past those events on the timer's pass.
   */
  private readonly wakeFor = (types: ReadonlySet<string>) =>
    this.passes.kick(this.subscribers.filter((s) => this.heldBack.has(s) || this.reads(s, types)));
  private readonly checkpoints: SubscriptionCheckpoints;
  private readonly inTransactionBatch: InTransactionBatch;
  private readonly detachedBatch: DetachedBatch;
  private readonly parkedRetries: ParkedRetries;
  private readonly status: SubscriptionStatus;
  private readonly passes = new SubscriptionPasses((subscriber, stop) =>
    this.runBatch(subscriber, stop),
  );
  /** Failures in a row on one event before it is parked. */
  maxAttempts: number;
  /** Events this process parked since it started. */
  parkedTotal = 0;

  constructor(
    dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly store: EventStore,
    private readonly parked: ParkedEvents,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
    @Optional() private readonly commandBus?: CommandBus,
  ) {
    this.maxAttempts = config?.subscriptionMaxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.checkpoints = new SubscriptionCheckpoints(dataSource, randomUUID());
    const failures = new HandlerFailures(this.checkpoints, parked, () => this.maxAttempts);
    this.inTransactionBatch = new InTransactionBatch(dataSource, this.checkpoints, failures);
    this.detachedBatch = new DetachedBatch(dataSource, this.checkpoints, failures);
    this.parkedRetries = new ParkedRetries(dataSource, parked);
    this.status = new SubscriptionStatus(dataSource);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscribers = [
      ...this.discovery
        .getProviders({ metadataKey: Subscriber.KEY })
        .map((wrapper) => wrapper.instance as EventSubscriber)
        .filter(Boolean),
      ...durableCqrsSubscribers(this.discovery, this.commandBus),
    ];
    const ids = this.subscribers.map((s) => s.subscriptionId);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    // Two subscribers on one checkpoint would each skip what the other handled.
    if (twice) throw new Error(`Two subscribers share the subscription id ${twice}`);
    if (this.subscribers.length === 0) return;
    for (const subscriber of this.subscribers) {
      const types = typesOf(subscriber);
      if (types) this.typesRead.set(subscriber, new Set(types));
    }
    // Before the app takes requests: a subscriber that starts at the end of the log must not
    // miss the first events written after start-up.
    for (const subscriber of this.subscribers) {
      if (subscriber.startAt === 'end') await this.checkpoints.ensure(subscriber);
    }
    this.store.appended.on('appended', this.wakeFor);
    this.timer = setInterval(this.wakeAll, POLL_INTERVAL_MS);
    this.timer.unref();
    this.wakeAll();
  }

  async onModuleDestroy(): Promise<void> {
    const stopped = this.passes.stop();
    clearInterval(this.timer);
    this.store.appended.off('appended', this.wakeFor);
    await stopped;
  }

  /** The subscribers this runner feeds (metrics read their lag). */
  get subscriptions(): readonly EventSubscriber[] {
    return this.subscribers;
  }

  /** Processes everything committed so far for every subscriber (tests and shutdown use it). */
  async drain(): Promise<void> {
    for (const subscriber of this.subscribers) await this.passes.run(subscriber);
  }

  /**
   * True when the subscriber has handled every event of its types committed so far: work
   * that must come after it (erasure after the events that name a user) waits for this.
   */
  async isCaughtUp(subscriptionId: string): Promise<boolean> {
    // Waiting on a subscriber that is not there would wait for ever, or not at all: neither.
    const subscriber = this.subscriberOf(subscriptionId);
    if (!subscriber) throw new Error(`No subscriber ${subscriptionId}`);
    return this.status.isCaughtUp(subscriber);
  }

  /**
   * Waits until every subscriber of `event`'s type has handled it: `handled` when all have,
   * `parked` as soon as one gave up on it (its work is not done, and will not be unless an
   * operator retries it), `pending` when `timeoutMs` passes first. The subscribers' batches
   * run here once, so the usual case needs no poll; after that the background pass does the
   * work, at its own pace, so a failing event is not counted faster than usual.
   */
  async waitForEvent(event: RecordedEvent, timeoutMs: number): Promise<EventProgress> {
    const deadline = Date.now() + timeoutMs;
    for (const subscriber of subscribersWaitedFor(this.subscribers, event)) {
      await this.passes.run(subscriber).catch(() => undefined); // logged by the background pass
    }
    for (;;) {
      const progress = await this.progressOf(event);
      if (progress !== 'pending') return progress;
      if (Date.now() >= deadline) return 'pending';
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  /**
   * Where the subscribers of `event`'s type are with it, without running them: `handled`
   * when all have handled it, `parked` when one gave up on it, else `pending` (a status
   * read, such as an organization deletion's, D6.9).
   */
  progressOf(event: RecordedEvent): Promise<EventProgress> {
    return this.status.progressOf(subscribersWaitedFor(this.subscribers, event), event);
  }

  /** Events parked and not retried successfully yet (of one subscription, or all). */
  parkedCount(subscriptionId?: string): Promise<number> {
    return this.parked.count(subscriptionId);
  }

  /**
   * Runs one parked event through its subscriber again, in a transaction of its own; the
   * checkpoint stays where it is. Handled: the parked row goes. Failed: it stays, with the
   * new error. Undefined when there is no such parked event.
   */
  retryParked(id: string): Promise<ParkedRetry | undefined> {
    return this.parkedRetries.retry(id, (subscriptionId) => this.subscriberOf(subscriptionId));
  }

  /**
   * One batch of one subscriber in one transaction; returns how many events it handled
   * (parked ones included). Throws the handler's error when it failed on an event that is
   * not parked yet, after committing the events before it.
   */
  async runBatch(subscriber: EventSubscriber, stop: () => boolean = () => false): Promise<number> {
    await this.checkpoints.ensure(subscriber);
    const outcome = subscriber.detached
      ? await this.detachedBatch.run(subscriber, stop)
      : await this.inTransactionBatch.run(subscriber);
    if (outcome.heldBack) this.heldBack.add(subscriber);
    else this.heldBack.delete(subscriber);
    if (outcome.parked) this.reportParked(subscriber, outcome.parked);
    if (outcome.error) throw outcome.error;
    return outcome.handled;
  }

  private reads(subscriber: EventSubscriber, types: ReadonlySet<string>): boolean {
    const read = this.typesRead.get(subscriber);
    if (!read) return true;
    for (const type of types) if (read.has(type)) return true;
    return false;
  }

  private subscriberOf(subscriptionId: string): EventSubscriber | undefined {
    return this.subscribers.find((s) => s.subscriptionId === subscriptionId);
  }

  private reportParked(subscriber: EventSubscriber, { event, error, attempts }: Parking): void {
    this.parkedTotal++;
    this.logger.error({
      msg: 'event parked',
      subscriptionId: subscriber.subscriptionId,
      position: event.globalPosition,
      eventId: event.eventId,
      type: event.type,
      attempts,
      error,
    });
  }
}
