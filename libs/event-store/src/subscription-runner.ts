import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { yieldToEventLoop } from '@app/platform';
import { DataSource } from 'typeorm';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import { EventStore } from './event-store';
import { Subscriber, type EventSubscriber } from './projection';

const BATCH_SIZE = 500;

/** Events after a checkpoint ($1 transaction, $2 position) of the types $3 (all when null). */
const AFTER_CHECKPOINT = `(transaction_id, global_position) > ($1::xid8, $2::bigint)
  AND ($3::text[] IS NULL OR type = ANY($3::text[]))`;

const typesOf = (subscriber: EventSubscriber) =>
  subscriber.handles ? [...subscriber.handles] : null;
const POLL_INTERVAL_MS = 1000;
const WAIT_POLL_MS = 50;

/**
 * Feeds subscribers from the log in commit order. Events are read only below the oldest
 * transaction still in flight (`pg_snapshot_xmin`), ordered by (transaction_id, position),
 * so an event whose transaction commits late is never skipped. The checkpoint row is locked
 * and updated in the same transaction as the subscriber's work: one process at a time, and
 * a crash repeats a batch rather than losing it.
 */
@Injectable()
export class SubscriptionRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Subscriptions');
  private subscribers: EventSubscriber[] = [];
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private readonly wake = () => this.kick();
  private readonly checkpointed = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly discovery: DiscoveryService,
    private readonly store: EventStore,
  ) {}

  onApplicationBootstrap(): void {
    this.subscribers = this.discovery
      .getProviders({ metadataKey: Subscriber.KEY })
      .map((wrapper) => wrapper.instance as EventSubscriber)
      .filter(Boolean);
    if (this.subscribers.length === 0) return;
    this.store.appended.on('appended', this.wake);
    this.timer = setInterval(this.wake, POLL_INTERVAL_MS);
    this.timer.unref();
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.store.appended.off('appended', this.wake);
    await this.running;
  }

  /** Processes everything committed so far for every subscriber (tests and shutdown use it). */
  async drain(): Promise<void> {
    for (const subscriber of this.subscribers) await this.drainOne(subscriber);
  }

  private async drainOne(subscriber: EventSubscriber): Promise<void> {
    while ((await this.runBatch(subscriber)) > 0) await yieldToEventLoop();
  }

  /** The background pass: a subscriber that fails is logged and retried later, the others go on. */
  private async drainEach(): Promise<void> {
    for (const subscriber of this.subscribers) {
      await this.drainOne(subscriber).catch((err) =>
        this.logger.error({
          msg: 'subscription batch failed',
          subscriptionId: subscriber.subscriptionId,
          err: String(err),
        }),
      );
    }
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
   * Waits until every subscriber of `eventType` has handled everything committed so far,
   * running their batches here rather than waiting for the next poll. False when `timeoutMs`
   * passes first (another process holds a checkpoint, or a batch keeps failing).
   */
  async waitUntilHandled(eventType: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const subscribers = this.subscribers.filter((s) => !s.handles || s.handles.includes(eventType));
    for (;;) {
      let caughtUp = true;
      for (const subscriber of subscribers) {
        await this.drainOne(subscriber).catch(() => undefined); // logged by the background pass
        caughtUp = caughtUp && (await this.isCaughtUp(subscriber.subscriptionId));
      }
      if (caughtUp) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
  }

  private kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drainEach().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** One batch of one subscriber in one transaction; returns how many events it handled. */
  async runBatch(subscriber: EventSubscriber): Promise<number> {
    if (!this.checkpointed.has(subscriber.subscriptionId)) {
      await this.dataSource.query(
        `INSERT INTO checkpoints (subscription_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [subscriber.subscriptionId],
      );
      this.checkpointed.add(subscriber.subscriptionId);
    }
    return this.dataSource.transaction(async (m) => {
      const [checkpoint] = await m.query(
        `SELECT position, transaction_id::text AS transaction_id FROM checkpoints
         WHERE subscription_id = $1 FOR UPDATE SKIP LOCKED`,
        [subscriber.subscriptionId],
      );
      if (!checkpoint) return 0; // another process holds this subscription
      const rows: EventRow[] = await m.query(
        `SELECT ${EVENT_COLUMNS} FROM events
         WHERE ${AFTER_CHECKPOINT} AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ORDER BY transaction_id, global_position
         LIMIT ${BATCH_SIZE}`,
        [checkpoint.transaction_id, checkpoint.position, typesOf(subscriber)],
      );
      if (rows.length === 0) return 0;
      const events = rows.map(toRecordedEvent);
      await subscriber.handle(events, m);
      const last = events[events.length - 1];
      await m.query(
        `UPDATE checkpoints SET position = $2, transaction_id = $3::xid8, updated_at = now() WHERE subscription_id = $1`,
        [subscriber.subscriptionId, last.globalPosition, last.transactionId],
      );
      return events.length;
    });
  }
}
