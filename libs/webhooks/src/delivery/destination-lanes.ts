import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, RetryJobLater, SecretBox, type AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';
import { bodyOf, signatureHeaders } from '../domain/delivery';
import { laneOf } from '../domain/delivery-jobs';
import { openPayload } from '../domain/stored-payload';
import { AttemptRecorder, type HeldDelivery, type Outcome } from './attempt-recorder';
import { HttpSender } from './http-sender';
import { Lane, receiverState, type Item } from './lane';
import { takeRateSlots } from './rate-slots';
import { WebhookTargets, type Target } from './webhook-targets';

/**
 * A lane takes a job in while what it holds goes out within this long (a job's lease is
 * renewed meanwhile, but work waiting longer is better left in the ledger).
 */
const MOST_DRAIN_MS = 60_000;
/** Deliveries all lanes of this process hold before they take no more in (memory). */
const TOTAL_CAP = 10_000;
/** A destination's configuration is read again after this long (D11: as it is at the attempt). */
const TARGET_FRESH_MS = 1_000;
/**
 * Idle lanes (and what they learnt) are forgotten after this long; a lane whose destination
 * is down is kept longer, its retries being minutes apart.
 */
const LANE_IDLE_MS = 60_000;
const DOWN_LANE_IDLE_MS = 3_600_000;

/** A wait of about `ms`, spread so that jobs put off together do not come back together. */
const jitter = (ms: number) => Math.round(ms * (1 + Math.random() / 2));

/**
 * Makes attempts (D11.3–D11.6) for delivery jobs, one lane per destination: up to
 * WEBHOOK_DESTINATION_CONCURRENCY attempts in flight to a destination, fewer while it fails
 * (see AdaptiveConcurrency), its `rateLimit` taken from the shared count, its configuration
 * read as it is now. A job hands its deliveries over and frees its queue worker: a slow or
 * failing receiver holds a few of its own lane's sockets, never the workers or the CPU that
 * the others need. Outcomes go to the recorder; a job's continuation settles once all of its
 * deliveries' outcomes are written. Payloads are never logged.
 */
@Injectable()
export class DestinationLanes implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly lanes = new Map<string, Lane>();
  private readonly sender: HttpSender;
  private readonly signals = new WeakSet<AbortSignal>();
  private readonly mostInFlight: number;
  private held = 0;
  private takes = 0;
  private stopped = false;
  private readonly pruneTimer: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly targets: WebhookTargets,
    private readonly recorder: AttemptRecorder,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sender = new HttpSender(config.webhookAllowPrivateTargets);
    this.mostInFlight = config.webhookDestinationConcurrency;
    this.pruneTimer = setInterval(() => this.prune(), LANE_IDLE_MS);
    this.pruneTimer.unref();
  }

  /**
   * Whether `count` more deliveries for `lane` may be taken in now: while they would go out
   * within MOST_DRAIN_MS. A lane holding nothing always may: other destinations' backlogs
   * never starve it.
   */
  hasRoom(lane: string, count: number): boolean {
    if (this.stopped) return false;
    const l = this.lanes.get(lane);
    if (!l || l.held === 0) return true;
    return l.drainMs(count) <= MOST_DRAIN_MS && this.held + count <= TOTAL_CAP;
  }

  /** Whether the lane's destination is down (see AdaptiveConcurrency). */
  isDown(lane: string): boolean {
    return this.lanes.get(lane)?.concurrency.down ?? false;
  }

  /** When to offer a full lane more: about when half of what it holds has gone (0.25 to 30 s). */
  retryDelayMs(lane: string): number {
    const drain = this.lanes.get(lane)?.drainMs() ?? 0;
    return jitter(Math.min(30_000, Math.max(250, drain / 2)));
  }

  /**
   * Attempts `deliveries`; resolves when every outcome is recorded. Rejects with the error
   * that kept an outcome from being recorded, or, for deliveries a stopping server let go
   * without an attempt, with a `RetryJobLater` that costs their job no attempt.
   */
  take(deliveries: HeldDelivery[], signal: AbortSignal): Promise<void> {
    this.stopWith(signal);
    // Stopping: nothing more goes out, and the job runs again elsewhere at no attempt's cost.
    if (this.stopped) return Promise.reject(new RetryJobLater(0, false, 'server stopping'));
    const take = ++this.takes;
    const touched = new Set<Lane>();
    const outcomes = deliveries.map(
      (delivery) =>
        new Promise<unknown>((settle) => {
          const lane = this.laneFor(delivery);
          this.held++;
          lane.hold(delivery, take, (err) => {
            this.held--;
            settle(err);
          });
          touched.add(lane);
        }),
    );
    for (const lane of touched) this.pump(lane);
    return Promise.all(outcomes).then((errors) => {
      const failed = errors.filter((e) => e !== undefined);
      // A real failure first: a stop's deferral would hide it.
      const err = failed.find((e) => !(e instanceof RetryJobLater)) ?? failed[0];
      if (err) throw err;
    });
  }

  /** Takes in nothing more and lets the waiting deliveries go; those in flight finish. */
  onModuleDestroy(): void {
    this.stop();
  }

  /** After the queue has waited for the attempts in flight: their sockets can close. */
  onApplicationShutdown(): void {
    clearInterval(this.pruneTimer);
    this.sender.close();
  }

  private stop(): void {
    this.stopped = true;
    for (const lane of this.lanes.values()) {
      for (const item of lane.waiting.splice(0)) {
        item.settle(new RetryJobLater(0, false, 'server stopping'));
      }
    }
  }

  private stopWith(signal: AbortSignal): void {
    if (this.signals.has(signal)) return;
    this.signals.add(signal);
    if (signal.aborted) this.stop();
    else signal.addEventListener('abort', () => this.stop(), { once: true });
  }

  private laneFor(d: HeldDelivery): Lane {
    const key = laneOf(d.apiKey, d.destination);
    let lane = this.lanes.get(key);
    if (!lane) {
      const ref = { apiKey: d.apiKey, destination: d.destination, endpointId: d.endpointId };
      lane = new Lane(ref, this.mostInFlight);
      this.lanes.set(key, lane);
    }
    return lane;
  }

  /** Starts what a lane may start now: after its target is read and rate slots are taken. */
  private pump(lane: Lane): void {
    lane.lastActive = Date.now();
    if (lane.busy || lane.waiting.length === 0) return;
    // Read since the next delivery was taken in (a change made before its event applies),
    // and again a second on.
    const read = lane.target;
    if (
      !read ||
      read.afterTake < lane.waiting[0].take ||
      Date.now() - read.readAt > TARGET_FRESH_MS
    ) {
      return this.readTarget(lane);
    }
    const target = read.value;
    if (!target) {
      // Removed or turned off since the event: its deliveries end without an attempt (those
      // the read was made for; one taken in since waits for a read of its own).
      const seen = lane.waiting.filter((item) => item.take <= read.afterTake);
      lane.waiting.splice(0, seen.length);
      for (const item of seen) {
        void this.finish(item, { attempted: false, reason: 'destination removed or turned off' });
      }
      return this.pump(lane);
    }
    if (Date.now() < lane.notBefore) return this.pause(lane, lane.notBefore - Date.now());
    // None when more are in flight than it now allows (its limit just cut).
    const next = lane.waiting.slice(0, Math.max(0, lane.concurrency.limit - lane.inFlight));
    const unread = next.filter(
      (item) => !item.delivery.json && item.delivery.storedPayload === undefined,
    );
    if (unread.length > 0) return this.readPayloads(lane, unread);
    while (!lane.busy && lane.inFlight < lane.concurrency.limit && lane.waiting.length > 0) {
      // One taken in since the read waits for a read of its own.
      if (lane.waiting[0].take > read.afterTake) return this.readTarget(lane);
      if (target.rateLimit && target.endpointId) {
        if (lane.slotsSecond !== Math.floor(Date.now() / 1000)) lane.slots = 0;
        if (lane.slots <= 0) return this.takeSlots(lane, target.endpointId, target.rateLimit);
        lane.slots--;
      }
      const item = lane.waiting.shift()!;
      lane.inFlight++;
      void this.attempt(lane, item, target);
    }
  }

  /**
   * A destination that is down gets one attempt at a time (its probe), after its pause; the
   * deliveries that waited for the probe's answer fail with it, without a request of their
   * own (each attempt counts, and is retried on the schedule). So a dead receiver costs the
   * server little, and no attempt fails without an answer that says it is still down.
   */
  private failWaiting(lane: Lane): void {
    // Those the last read of the destination was made for (it may have been removed since).
    const seen = lane.waiting.filter((item) => item.take <= (lane.target?.afterTake ?? 0));
    lane.waiting.splice(0, seen.length);
    for (const item of seen) {
      void this.finish(item, {
        attempted: true,
        at: new Date(),
        durationMs: 0,
        error: 'not sent: the destination is failing (its latest attempts failed)',
        notSent: true,
      });
    }
  }

  private pause(lane: Lane, ms: number): void {
    lane.busy = true;
    setTimeout(() => {
      lane.busy = false;
      this.pump(lane);
    }, ms).unref();
  }

  /**
   * Reads the destination as it is now, and checks that the deliveries waiting are still
   * pending: one erased (or ended otherwise) since its job read it is not sent.
   */
  private readTarget(lane: Lane): void {
    lane.busy = true;
    const started = { readAt: Date.now(), afterTake: this.takes };
    const waiting = lane.waiting.map((item) => item.delivery.deliveryId);
    Promise.all([this.targets.of(lane.ref), this.stillPending(waiting)])
      .then(
        ([value, pending]) => {
          lane.target = { value, ...started };
          const ended = lane.waiting.filter(
            (item) => item.take <= started.afterTake && !pending.has(item.delivery.deliveryId),
          );
          if (ended.length === 0) return;
          const left = lane.waiting.filter((item) => !ended.includes(item));
          lane.waiting.splice(0, lane.waiting.length, ...left);
          for (const item of ended) item.settle(); // nothing to record: it has ended
        },
        (err) => lane.waiting.splice(0).forEach((item) => item.settle(err)),
      )
      .finally(() => {
        lane.busy = false;
        this.pump(lane);
      });
  }

  /** Reads the stored payloads of the deliveries about to go out (left unread while down). */
  private readPayloads(lane: Lane, items: Item[]): void {
    lane.busy = true;
    this.dataSource
      .query(
        `SELECT delivery_id, sealed_payload FROM webhook_deliveries
         WHERE delivery_id = ANY($1::text[])`,
        [items.map((item) => item.delivery.deliveryId)],
      )
      .then(
        (rows: { delivery_id: string; sealed_payload: string | null }[]) => {
          const stored = new Map(rows.map((r) => [r.delivery_id, r.sealed_payload]));
          for (const item of items)
            item.delivery.storedPayload = stored.get(item.delivery.deliveryId) ?? null;
        },
        (err) => {
          for (const item of items) {
            const at = lane.waiting.indexOf(item);
            if (at < 0) continue; // ended meanwhile (a failed probe took it with it)
            lane.waiting.splice(at, 1);
            item.settle(err);
          }
        },
      )
      .finally(() => {
        lane.busy = false;
        this.pump(lane);
      });
  }

  private async stillPending(deliveryIds: string[]): Promise<Set<string>> {
    if (deliveryIds.length === 0) return new Set();
    const rows: { delivery_id: string }[] = await this.dataSource.query(
      `SELECT delivery_id FROM webhook_deliveries
       WHERE delivery_id = ANY($1::text[]) AND status = 'pending'`,
      [deliveryIds],
    );
    return new Set(rows.map((r) => r.delivery_id));
  }

  /** Slots of the current second for what waits; none left: the lane waits for the next. */
  private takeSlots(lane: Lane, endpointId: string, limit: number): void {
    lane.busy = true;
    const now = Date.now();
    const wanted = Math.min(lane.waiting.length, limit, lane.concurrency.limit - lane.inFlight);
    takeRateSlots(this.dataSource.manager, endpointId, limit, wanted, now).then(
      (granted) => {
        lane.slots = granted;
        lane.slotsSecond = Math.floor(now / 1000);
        this.pause(lane, granted > 0 ? 0 : 1000 - (Date.now() % 1000) + 5);
      },
      (err) => {
        lane.busy = false;
        lane.waiting.splice(0).forEach((item) => item.settle(err));
      },
    );
  }

  private async attempt(lane: Lane, item: Item, target: Target): Promise<void> {
    // Never synchronous: the pump that started it goes on with the lane as it left it.
    await Promise.resolve();
    const d = item.delivery;
    let outcome: Outcome;
    if (d.json === undefined && d.storedPayload === null) {
      outcome = { attempted: false, reason: 'payload erased' };
    } else {
      const at = new Date();
      try {
        const json = d.json ?? openPayload(this.box, d.storedPayload!);
        const body = bodyOf(json, target.format);
        const headers = signatureHeaders(d.deliveryId, body, target.signingKey);
        if (target.authorization) headers.authorization = target.authorization;
        const sent = await this.send(lane, target, body, headers);
        outcome = { attempted: true, at, ...sent };
      } catch (err) {
        // A body or header that cannot be made (a key too small for the encryption, a token
        // Node refuses in a header): a failed attempt, recorded like any other.
        const error = `could not send: ${(err as Error).message}`.slice(0, 500);
        outcome = { attempted: true, at, durationMs: 0, error };
      }
      lane.meanMs = 0.8 * lane.meanMs + 0.2 * outcome.durationMs;
    }
    lane.inFlight--;
    this.pump(lane);
    await this.finish(item, outcome);
  }

  /** Sends, and learns from the answer how much the destination takes (AdaptiveConcurrency). */
  private async send(lane: Lane, target: Target, body: string, headers: Record<string, string>) {
    const attempt = lane.concurrency.start();
    // Started while the destination was down: this attempt is its probe.
    const probe = lane.concurrency.down;
    const sent = await this.sender.send(target.url, body, headers);
    const wasDown = lane.concurrency.down;
    const state = receiverState(sent.status);
    if (state === 'there') lane.concurrency.succeeded();
    else {
      lane.concurrency.failed(attempt, state === 'overloaded');
      lane.notBefore = Date.now() + lane.concurrency.pauseMs;
      // A probe failed: what waited for its answer fails with it. (Not when an attempt made
      // before puts the destination down: what waits then waits for the first probe.)
      if (probe && lane.concurrency.down) this.failWaiting(lane);
    }
    // Logged when it goes down or comes back, not for each attempt in flight meanwhile.
    if (wasDown !== lane.concurrency.down) {
      this.logger[wasDown ? 'log' : 'warn']({
        msg: wasDown ? 'webhook destination back up' : 'webhook destination down',
        destination: lane.ref.destination,
        host: URL.parse(target.url)?.host,
        ...(!wasDown && { status: sent.status, error: sent.error }),
      });
    }
    return sent;
  }

  private finish(item: Item, outcome: Outcome): Promise<void> {
    return this.recorder.record(item.delivery, outcome).then(
      () => item.settle(),
      (err) => item.settle(err),
    );
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, lane] of this.lanes) {
      const idleFor = lane.concurrency.down ? DOWN_LANE_IDLE_MS : LANE_IDLE_MS;
      if (lane.held === 0 && !lane.busy && lane.lastActive < now - idleFor) this.lanes.delete(key);
    }
  }
}
