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
import { APP_CONFIG, yieldToEventLoop, type AppConfig } from '@app/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { ConcurrencyError } from './concurrency.error';
import { durableCqrsSubscribers } from './cqrs-subscribers';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import { EventStore } from './event-store';
import type { RecordedEvent } from './events';
import { ParkedEvents, type ParkedEvent } from './parked-events';
import { Subscriber, type EventSubscriber } from './projection';
import { isTransientError } from './transient-error';
import { storedTypesOf } from './upcasters';

const BATCH_SIZE = 500;
/** Detached work is slower (its own transactions): smaller batches, a lease renewed as it goes. */
const DETACHED_BATCH_SIZE = 100;
const LEASE_SECONDS = 30;
const LEASE_RENEW_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 5;

/** Events after a checkpoint ($1 transaction, $2 position) of the types $3 (all when null). */
const AFTER_CHECKPOINT = `(transaction_id, global_position) > ($1::xid8, $2::bigint)
  AND ($3::text[] IS NULL OR type = ANY($3::text[]))`;

/** The stored types a subscriber reads: its own and the older ones upcast into them. */
const typesOf = (subscriber: EventSubscriber) =>
  subscriber.handles ? storedTypesOf(subscriber.handles) : null;
const POLL_INTERVAL_MS = 1000;
const WAIT_POLL_MS = 50;
const FAILURE_BACKOFF_MS = 500;
const FAILURE_BACKOFF_MAX_MS = 30_000;

interface CheckpointRow {
  position: string;
  transaction_id: string;
  failing_position: string | null;
  failures: number;
  lease_owner: string | null;
  leased: boolean | null;
}

/** A subscriber's next events, read under its locked checkpoint. */
interface PendingBatch {
  checkpoint: CheckpointRow;
  xmin: string;
  events: RecordedEvent[];
  /** Every event of its types below the horizon is in `events`. */
  readAll: boolean;
}

/** An event given up on in a batch, reported once its transaction commits. */
interface Parking {
  event: RecordedEvent;
  error: string;
  attempts: number;
}

interface BatchOutcome {
  handled: number;
  parked?: Parking;
  /** The handler's failure on an event not parked yet: the pass stops here for now. */
  error?: Error;
}

/** How a retried parked event went. */
export interface ParkedRetry {
  parked: ParkedEvent;
  handled: boolean;
  error?: string;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));
/**
 * What is kept of a handler's error (in `parked_events`, `checkpoints` and the log): its kind,
 * its SQLSTATE if any, and its message with quoted text blanked. Postgres and other libraries
 * quote the offending value (a name, an email), and erasure does not reach these places.
 */
const messageOf = (err: Error) => {
  const code = (err as { code?: unknown }).code;
  const message = (err.message || '').replace(/"[^"]*"|'[^']*'/g, '"…"');
  return `${err.name}${typeof code === 'string' ? ` ${code}` : ''}: ${message}`.slice(0, 2000);
};

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
  private timer?: NodeJS.Timeout;
  /** Each subscriber's background pass, and whether another was asked for meanwhile. */
  private readonly background = new Map<string, { running: Promise<void>; again: boolean }>();
  private stopped = false;
  private readonly wake = () => this.kick();
  private readonly checkpointed = new Set<string>();
  /** The pass running for each subscription in this process. */
  private readonly passes = new Map<string, Promise<void>>();
  /** Failed passes in a row per subscription, and when the next may start (backoff). */
  private readonly failedPasses = new Map<string, { count: number; until: number }>();
  /** Failures in a row on one event before it is parked. */
  maxAttempts: number;
  /** Events this process parked since it started. */
  parkedTotal = 0;
  /** This instance's name on the checkpoint leases of detached subscribers. */
  private readonly leaseOwner = randomUUID();

  constructor(
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly store: EventStore,
    private readonly parked: ParkedEvents,
    @Optional() @Inject(APP_CONFIG) config?: AppConfig,
    @Optional() private readonly commandBus?: CommandBus,
  ) {
    this.maxAttempts = config?.subscriptionMaxAttempts ?? DEFAULT_MAX_ATTEMPTS;
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
    // Before the app takes requests: a subscriber that starts at the end of the log must not
    // miss the first events written after start-up.
    for (const subscriber of this.subscribers) {
      if (subscriber.startAt === 'end') await this.ensureCheckpoint(subscriber);
    }
    this.store.appended.on('appended', this.wake);
    this.timer = setInterval(this.wake, POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.store.appended.off('appended', this.wake);
    await Promise.all([...this.background.values()].map((b) => b.running));
  }

  /** The subscribers this runner feeds (metrics read their lag). */
  get subscriptions(): readonly EventSubscriber[] {
    return this.subscribers;
  }

  /** Processes everything committed so far for every subscriber (tests and shutdown use it). */
  async drain(): Promise<void> {
    for (const subscriber of this.subscribers) await this.drainOne(subscriber);
  }

  /**
   * Runs a subscriber's batches until it is caught up. After a failed pass the next waits a
   * while (doubling to FAILURE_BACKOFF_MAX_MS): a busy log wakes the runner on every append,
   * and an event must not be counted towards parking, nor a busy database hit, that fast.
   */
  private async drainOne(subscriber: EventSubscriber, background = false): Promise<void> {
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

  /**
   * A subscriber's background pass: a failure is logged and retried later. Each subscriber
   * has a pass of its own, so one that is slow or failing holds up none of the others.
   */
  private async drainInBackground(subscriber: EventSubscriber): Promise<void> {
    await this.drainOne(subscriber, true).catch((err) =>
      this.logger.error({
        msg: 'subscription batch failed',
        subscriptionId: subscriber.subscriptionId,
        err: messageOf(asError(err)),
      }),
    );
  }

  /**
   * True when the subscriber has handled every event of its types committed so far: work
   * that must come after it (erasure after the events that name a user) waits for this.
   */
  async isCaughtUp(subscriptionId: string): Promise<boolean> {
    const subscriber = this.subscribers.find((s) => s.subscriptionId === subscriptionId);
    // Waiting on a subscriber that is not there would wait for ever, or not at all: neither.
    if (!subscriber) throw new Error(`No subscriber ${subscriptionId}`);
    const [checkpoint] = await this.dataSource.query(
      `SELECT position, transaction_id::text AS transaction_id FROM checkpoints WHERE subscription_id = $1`,
      [subscriptionId],
    );
    if (!checkpoint) return false;
    const [row] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM events WHERE ${AFTER_CHECKPOINT}) AS behind`,
      [checkpoint.transaction_id, checkpoint.position, typesOf(subscriber)],
    );
    return !row.behind;
  }

  /**
   * Waits until every subscriber of `event`'s type has handled it: `handled` when all have,
   * `parked` as soon as one gave up on it (its work is not done, and will not be unless an
   * operator retries it), `pending` when `timeoutMs` passes first. The subscribers' batches
   * run here once, so the usual case needs no poll; after that the background pass does the
   * work, at its own pace, so a failing event is not counted faster than usual.
   */
  async waitForEvent(
    event: RecordedEvent,
    timeoutMs: number,
  ): Promise<'handled' | 'parked' | 'pending'> {
    const deadline = Date.now() + timeoutMs;
    for (const subscriber of this.subscribersOf(event)) {
      await this.drainOne(subscriber).catch(() => undefined); // logged by the background pass
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
  async progressOf(event: RecordedEvent): Promise<'handled' | 'parked' | 'pending'> {
    const ids = this.subscribersOf(event).map((s) => s.subscriptionId);
    const [row] = await this.dataSource.query(
      `SELECT
         count(*) FILTER (WHERE (c.transaction_id, c.position) >= ($2::xid8, $3::bigint))::int AS past,
         count(p.id)::int AS parked
       FROM checkpoints c
       LEFT JOIN parked_events p
         ON p.subscription_id = c.subscription_id AND p.global_position = $3::bigint
       WHERE c.subscription_id = ANY($1::text[])`,
      [ids, event.transactionId, event.globalPosition],
    );
    if (row.parked > 0) return 'parked';
    return row.past === ids.length ? 'handled' : 'pending';
  }

  /**
   * The subscribers whose work is part of the event's outcome: detached ones (event
   * handlers, sagas) react after the fact and are not waited for.
   */
  private subscribersOf(event: RecordedEvent): EventSubscriber[] {
    return this.subscribers.filter(
      (s) => !s.detached && (!s.handles || s.handles.includes(event.type)),
    );
  }

  private kick(): void {
    if (this.stopped) return;
    for (const subscriber of this.subscribers) this.kickOne(subscriber);
  }

  /** Starts a background pass of the subscriber, or asks for one more after the running one. */
  private kickOne(subscriber: EventSubscriber): void {
    const id = subscriber.subscriptionId;
    const current = this.background.get(id);
    if (current) {
      current.again = true;
      return;
    }
    const state = { again: false, running: Promise.resolve() };
    state.running = this.drainInBackground(subscriber).finally(() => {
      this.background.delete(id);
      if (state.again && !this.stopped) this.kickOne(subscriber);
    });
    this.background.set(id, state);
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
  async retryParked(id: string): Promise<ParkedRetry | undefined> {
    const found = await this.parked.find(id);
    if (!found) return undefined;
    const subscriber = this.subscribers.find((s) => s.subscriptionId === found.subscriptionId);
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
        const rows: EventRow[] = await m.query(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position = $1`,
          [locked.position],
        );
        if (rows.length === 0) throw new Error('The event is no longer in the log');
        await subscriber.handle(rows.map(toRecordedEvent), m);
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

  /**
   * One batch of one subscriber in one transaction; returns how many events it handled
   * (parked ones included). Throws the handler's error when it failed on an event that is
   * not parked yet, after committing the events before it.
   */
  async runBatch(subscriber: EventSubscriber, stop: () => boolean = () => false): Promise<number> {
    await this.ensureCheckpoint(subscriber);
    const outcome = subscriber.detached
      ? await this.handleDetachedBatch(subscriber, stop)
      : await this.dataSource.transaction((m) => this.handleBatch(subscriber, m));
    if (outcome.parked) this.reportParked(subscriber, outcome.parked);
    if (outcome.error) throw outcome.error;
    return outcome.handled;
  }

  /**
   * Locks the subscriber's checkpoint (skipping it if another process holds it) and reads
   * its next events below the horizon; with none left, moves the checkpoint to the horizon.
   */
  private async claimBatch(
    m: EntityManager,
    subscriber: EventSubscriber,
    batchSize: number,
  ): Promise<PendingBatch | undefined> {
    const [checkpoint]: CheckpointRow[] = await m.query(
      `SELECT position, transaction_id::text AS transaction_id, failing_position, failures,
         lease_owner, lease_expires_at > now() AS leased
       FROM checkpoints WHERE subscription_id = $1 FOR UPDATE SKIP LOCKED`,
      [subscriber.subscriptionId],
    );
    if (!checkpoint) return undefined; // another process holds this subscription
    if (checkpoint.leased && checkpoint.lease_owner !== this.leaseOwner) return undefined;
    // After a failure, the failing event comes alone until it is handled or parked.
    const limit = checkpoint.failures > 0 ? 1 : batchSize;
    // One horizon for the read and the move to the end: every transaction below it is over.
    const [{ xmin }]: { xmin: string }[] = await m.query(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`,
    );
    const rows: EventRow[] = await m.query(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE ${AFTER_CHECKPOINT} AND transaction_id < $4::xid8
       ORDER BY events.transaction_id, events.global_position
       LIMIT ${limit}`,
      [checkpoint.transaction_id, checkpoint.position, typesOf(subscriber), xmin],
    );
    if (rows.length === 0) await this.advanceToHorizon(m, subscriber, xmin);
    // Fewer than asked: no other event of its types below the horizon, handled or not.
    return { checkpoint, xmin, events: rows.map(toRecordedEvent), readAll: rows.length < limit };
  }

  /**
   * A detached subscriber's batch: claimed with a lease in one short transaction, handled
   * one event at a time with no transaction open (its work opens its own; on the embedded
   * database a held transaction would block it), the checkpoint moved after the work.
   */
  private async handleDetachedBatch(
    subscriber: EventSubscriber,
    stop: () => boolean,
  ): Promise<BatchOutcome> {
    const id = subscriber.subscriptionId;
    const batch = await this.dataSource.transaction(async (m) => {
      const claimed = await this.claimBatch(m, subscriber, DETACHED_BATCH_SIZE);
      if (claimed?.events.length) await this.lease(m, id);
      return claimed;
    });
    if (!batch?.events.length) return { handled: 0 };
    let handled = 0;
    let renewedAt = Date.now();
    try {
      const saveProgress = async () => {
        if (handled === 0) return;
        await this.whileLeased(id, (m) => this.advance(m, subscriber, batch.events[handled - 1]));
      };
      for (const event of batch.events) {
        if (stop()) {
          await saveProgress(); // shutting down: keep what is done, leave the rest
          return { handled };
        }
        try {
          await subscriber.handle([event], this.dataSource.manager);
        } catch (err) {
          if (isTransientError(err) || err instanceof ConcurrencyError) {
            await saveProgress().catch(() => undefined); // the database may be away
            throw err;
          }
          // The events before it are done: the next pass starts at this one, alone.
          const parked = await this.whileLeased(id, async (m) => {
            if (handled > 0) await this.advance(m, subscriber, batch.events[handled - 1]);
            return this.countFailure(m, subscriber, batch.checkpoint, event, asError(err));
          });
          return parked ? { handled: handled + 1, parked } : { handled, error: asError(err) };
        }
        handled++;
        const last = handled === batch.events.length;
        if (last || Date.now() - renewedAt > LEASE_RENEW_MS) {
          const kept = await this.whileLeased(id, async (m) => {
            if (last && batch.readAll) await this.advanceToHorizon(m, subscriber, batch.xmin);
            else await this.advance(m, subscriber, event);
            return true;
          });
          if (!kept) return { handled }; // the lease ran out and another instance took over
          renewedAt = Date.now();
        }
      }
      return { handled };
    } finally {
      await this.dataSource
        .query(
          `UPDATE checkpoints SET lease_owner = NULL, lease_expires_at = NULL
           WHERE subscription_id = $1 AND lease_owner = $2`,
          [id, this.leaseOwner],
        )
        .catch(() => undefined); // the lease runs out by itself
    }
  }

  private async lease(m: EntityManager, subscriptionId: string): Promise<void> {
    await m.query(
      `UPDATE checkpoints SET lease_owner = $2,
         lease_expires_at = now() + make_interval(secs => ${LEASE_SECONDS})
       WHERE subscription_id = $1`,
      [subscriptionId, this.leaseOwner],
    );
  }

  /** Runs `work` on the checkpoint if this instance still holds its lease, and renews it. */
  private whileLeased<T>(
    subscriptionId: string,
    work: (m: EntityManager) => Promise<T>,
  ): Promise<T | undefined> {
    return this.dataSource.transaction(async (m) => {
      const rows: unknown[] = await m.query(
        `SELECT 1 FROM checkpoints WHERE subscription_id = $1 AND lease_owner = $2 FOR UPDATE`,
        [subscriptionId, this.leaseOwner],
      );
      if (rows.length === 0) return undefined;
      const result = await work(m);
      await this.lease(m, subscriptionId);
      return result;
    });
  }

  /** A parked event of a detached subscriber, run again with no transaction held. */
  private async retryDetached(
    subscriber: EventSubscriber,
    found: ParkedEvent,
  ): Promise<ParkedRetry | undefined> {
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position = $1`,
      [found.position],
    );
    if (rows.length === 0) throw new Error('The event is no longer in the log');
    await subscriber.handle(rows.map(toRecordedEvent), this.dataSource.manager);
    await this.parked.remove(found.id, this.dataSource.manager);
    return { parked: found, handled: true };
  }

  /**
   * Makes the subscriber's checkpoint if it has none: at the start of the log, or with
   * `startAt: 'end'` after the last event every transaction below the horizon committed.
   */
  private async ensureCheckpoint(subscriber: EventSubscriber): Promise<void> {
    if (this.checkpointed.has(subscriber.subscriptionId)) return;
    if (subscriber.startAt === 'end') {
      await this.dataSource.query(
        `INSERT INTO checkpoints (subscription_id, position, transaction_id)
         SELECT $1, COALESCE(last.global_position, 0), COALESCE(last.transaction_id, '0'::xid8)
         FROM (SELECT 1) one LEFT JOIN (
           SELECT global_position, transaction_id FROM events
           WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
           ORDER BY transaction_id DESC, global_position DESC LIMIT 1) last ON true
         ON CONFLICT DO NOTHING`,
        [subscriber.subscriptionId],
      );
    } else {
      await this.dataSource.query(
        `INSERT INTO checkpoints (subscription_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [subscriber.subscriptionId],
      );
    }
    this.checkpointed.add(subscriber.subscriptionId);
  }

  private async handleBatch(subscriber: EventSubscriber, m: EntityManager): Promise<BatchOutcome> {
    const batch = await this.claimBatch(m, subscriber, BATCH_SIZE);
    if (!batch?.events.length) return { handled: 0 };
    const { events, readAll, xmin, checkpoint } = batch;
    const batchError = await this.attempt(m, () => subscriber.handle(events, m));
    if (!batchError) {
      if (readAll) await this.advanceToHorizon(m, subscriber, xmin);
      else await this.advance(m, subscriber, events[events.length - 1]);
      return { handled: events.length };
    }
    // One at a time: the events before the failing one are kept, the failing one counted.
    for (const [index, event] of events.entries()) {
      const error =
        events.length === 1
          ? batchError
          : await this.attempt(m, () => subscriber.handle([event], m));
      if (!error) {
        await this.advance(m, subscriber, event);
        continue;
      }
      const parked = await this.countFailure(m, subscriber, checkpoint, event, error);
      return parked ? { handled: index + 1, parked } : { handled: index, error };
    }
    return { handled: events.length };
  }

  /**
   * Runs a handler under a savepoint, so a failure undoes its writes only; returns its
   * error. A transient error is thrown instead: the whole pass is tried again later and
   * nothing is counted.
   */
  private async attempt(m: EntityManager, work: () => Promise<void>): Promise<Error | undefined> {
    await m.query('SAVEPOINT subscriber_work');
    try {
      await work();
    } catch (err) {
      // A write conflict with a concurrent command passes on a later try: not the event's fault.
      if (isTransientError(err) || err instanceof ConcurrencyError) throw err;
      await m.query('ROLLBACK TO SAVEPOINT subscriber_work');
      return asError(err);
    }
    await m.query('RELEASE SAVEPOINT subscriber_work');
    return undefined;
  }

  /** Counts a failure on `event`; at `maxAttempts` in a row it is parked and passed. */
  private async countFailure(
    m: EntityManager,
    subscriber: EventSubscriber,
    checkpoint: CheckpointRow,
    event: RecordedEvent,
    err: Error,
  ): Promise<Parking | undefined> {
    const again = String(checkpoint.failing_position) === event.globalPosition;
    const attempts = again ? Number(checkpoint.failures) + 1 : 1;
    const error = messageOf(err);
    if (attempts < this.maxAttempts) {
      await m.query(
        `UPDATE checkpoints SET failing_position = $2, failures = $3, last_error = $4, updated_at = now()
         WHERE subscription_id = $1`,
        [subscriber.subscriptionId, event.globalPosition, attempts, error],
      );
      return undefined;
    }
    await this.parked.park(m, subscriber.subscriptionId, event, error, attempts);
    await this.advance(m, subscriber, event);
    return { event, error, attempts };
  }

  /** Moves the checkpoint past `event`, forgetting any failure before it. */
  private async advance(m: EntityManager, subscriber: EventSubscriber, event: RecordedEvent) {
    await m.query(
      `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8, updated_at = now(),
         failing_position = NULL, failures = 0, last_error = NULL
       WHERE subscription_id = $1 AND (transaction_id, position) < ($3::xid8, $2::bigint)`,
      [subscriber.subscriptionId, event.globalPosition, event.transactionId],
    );
  }

  /**
   * Moves the checkpoint to the last event below `xmin`, of any type: called only when every
   * event of the subscriber's types up to there was handled, so a filtered subscriber does
   * not read the log's tail of other types again on every pass. Nothing at or above `xmin`
   * is passed: a transaction still in flight may yet commit an event the subscriber wants.
   */
  private async advanceToHorizon(m: EntityManager, subscriber: EventSubscriber, xmin: string) {
    await m.query(
      `UPDATE checkpoints c SET position = e.global_position, transaction_id = e.transaction_id,
         updated_at = now(), failing_position = NULL, failures = 0, last_error = NULL
       FROM (SELECT transaction_id, global_position FROM events WHERE transaction_id < $2::xid8
             ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
       WHERE c.subscription_id = $1
         AND (e.transaction_id, e.global_position) > (c.transaction_id, c.position)`,
      [subscriber.subscriptionId, xmin],
    );
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
