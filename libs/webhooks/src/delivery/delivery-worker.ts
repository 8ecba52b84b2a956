import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, isEmbedded, SecretBox, sleep, type AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';
import { AttemptRecorder, type ClaimedDelivery, type Outcome } from './attempt-recorder';
import { DeliveryClaims, RENEW_MS } from './claims';
import { DeliveriesListener } from './deliveries-listener';
import { DestinationLane, type LaneContext } from './destination-lane';
import { FreshDeliveries } from './fresh-deliveries';
import { HttpSender } from './http-sender';
import { LoopSignal } from './loop-signal';
import { WebhookTargets } from './webhook-targets';
import { openPayload } from '../domain/stored-payload';

/** Deliveries claimed at a time, and held by this process at most (memory). */
const CLAIM_BATCH = 500;
const MOST_HELD = 10_000;
/** The longest wait between two looks for due deliveries (lapsed claims, other instances'). */
const POLL_MS = 1_000;
/** A destination takes no more claims while what it holds goes out in more than this long. */
const MOST_DRAIN_MS = 10_000;
/** How long a stopping server waits for the attempts in flight (one takes up to 15 s). */
const DRAIN_MS = 20_000;
/** Idle lanes (and what they learnt) are forgotten after this long; down ones kept longer. */
const LANE_IDLE_MS = 60_000;
const DOWN_LANE_IDLE_MS = 3_600_000;

/**
 * Makes the attempts of webhook deliveries (D11.3–D11.6). The `webhook_deliveries` rows are
 * the queue: this loop claims due rows (`FOR UPDATE SKIP LOCKED`, a claim that lapses unless
 * renewed, so a killed process's deliveries come back), hands them to their destination's
 * lane and lets AttemptRecorder write each outcome and next attempt on the row. What this
 * process's trigger commits is handed over and claimed by id; a scan for what is due runs
 * every POLL_MS, when a retry is due and when another instance notifies (LISTEN, Postgres).
 * Payloads are never logged.
 */
@Injectable()
export class DeliveryWorker
  implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private readonly logger = new Logger('Webhooks');
  private readonly lanes = new Map<string, DestinationLane>();
  /** Deliveries the trigger committed in this process (see handOver). */
  readonly fresh = new FreshDeliveries();
  /** Names this process in its trigger's notifications. */
  readonly id = randomUUID();
  private readonly claims: DeliveryClaims;
  private readonly sender: HttpSender;
  private readonly context: LaneContext;
  private readonly listener?: DeliveriesListener;
  private stopped = false;
  private woken = false;
  /** A scan for due deliveries is wanted now (else at `nextScan`). */
  private scanWanted = true;
  private nextScan = 0;
  private readonly signal = new LoopSignal();
  private loop?: Promise<void>;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly dataSource: DataSource,
    box: SecretBox,
    targets: WebhookTargets,
    private readonly recorder: AttemptRecorder,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sender = new HttpSender(config.webhookAllowPrivateTargets);
    this.claims = new DeliveryClaims(dataSource);
    recorder.onRetryPlanned = (inMs) => this.scanWithin(inMs);
    this.context = {
      targets,
      sender: this.sender,
      payloadOf: (d) => this.fresh.take(d.deliveryId) ?? openPayload(box, d.storedPayload!),
      stillPending: (deliveries) => this.claims.stillPending(deliveries),
      manager: dataSource.manager,
      logger: this.logger,
      finish: (d, outcome) => this.finish(d, outcome),
      drop: (deliveries, why) => {
        this.logger.warn({
          msg: 'webhook deliveries let go',
          count: deliveries.length,
          err: String(why),
        });
        for (const d of deliveries) this.claims.held.delete(d.deliveryId);
      },
    };
    if (!isEmbedded(config)) {
      // Its own trigger's notifications are not news: those deliveries were handed over.
      this.listener = new DeliveriesListener(config, (from) => from !== this.id && this.wake());
    }
  }

  /** Looks for due deliveries now (another instance committed some, a retry was made due). */
  wake(): void {
    this.scanWanted = true;
    this.poke();
  }

  /**
   * This process's trigger committed these deliveries: they are claimed by id, without a scan
   * (which the poll, or another instance's notification, makes), their payloads kept.
   */
  handOver(made: { id: string; json: string; lane: string }[]): void {
    for (const d of made) this.fresh.put(d.id, d.json, d.lane);
    this.poke();
  }

  /** Scans within `ms` (a retry was planned): sooner than planned, the loop looks again. */
  private scanWithin(ms: number): void {
    if (Date.now() + ms >= this.nextScan) return;
    this.nextScan = Date.now() + ms;
    this.poke();
  }

  private poke(): void {
    this.woken = true;
    this.signal.poke();
  }

  onApplicationBootstrap(): void {
    this.loop = this.run();
    this.listener?.start();
    const renew = () =>
      this.claims.renew().catch((err) => {
        this.logger.warn({ msg: 'renewing webhook claims failed', err: String(err) });
      });
    this.timers = [
      setInterval(() => void renew(), RENEW_MS),
      setInterval(() => this.prune(), LANE_IDLE_MS),
    ];
    this.timers.forEach((t) => t.unref());
  }

  /**
   * Claims nothing more and lets the waiting deliveries go (their claims released, so another
   * instance takes them now); waits for the attempts in flight and their outcomes' writing.
   */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await this.listener?.stop();
    await this.claims.release([...this.lanes.values()].flatMap((lane) => lane.stop()));
    const until = Date.now() + DRAIN_MS;
    while ([...this.lanes.values()].some((l) => l.inFlight > 0) && Date.now() < until) {
      await sleep(20);
    }
    await this.recorder.flushed().catch(() => undefined);
    this.timers.forEach((t) => clearInterval(t));
  }

  onApplicationShutdown(): void {
    this.sender.close();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        if (this.fresh.hasUnclaimed) {
          await this.claim((room, full) => this.claims.claimNamed(this.fresh.toClaim(room, full)));
          // More handed over than a batch: claimed next, unless this process holds its most.
          if (this.fresh.hasUnclaimed && this.claims.held.size < MOST_HELD) this.woken = true;
        }
        if (this.scanWanted || Date.now() >= this.nextScan) await this.scan();
      } catch (err) {
        this.logger.warn({ msg: 'claiming webhook deliveries failed', err: String(err) });
      }
      if (!this.woken && !this.stopped) await this.signal.wait(this.nextScan - Date.now());
    }
  }

  /** Claims what is due, oldest first; plans the next scan (a retry due, or the poll). */
  private async scan(): Promise<void> {
    this.scanWanted = false;
    this.nextScan = Date.now() + POLL_MS;
    const claimed = await this.claim((room, full) => this.claims.claim(room, [...full]));
    if (claimed >= CLAIM_BATCH) return this.wake(); // more may be due
    if (this.claims.held.size >= MOST_HELD) return;
    const dueInMs = await this.claims.dueInMs();
    if (dueInMs !== undefined) this.nextScan = Math.min(this.nextScan, Date.now() + dueInMs);
  }

  /** Claims for the destinations that have room (`how`); answers how many it claimed. */
  private async claim(
    how: (room: number, full: ReadonlySet<string>) => Promise<ClaimedDelivery[]>,
  ): Promise<number> {
    const room = Math.min(CLAIM_BATCH, MOST_HELD - this.claims.held.size);
    if (room <= 0) return 0;
    const full = [...this.lanes]
      .filter(([, l]) => l.held > 0 && (l.concurrency.down || l.drainMs() > MOST_DRAIN_MS))
      .map(([key]) => key);
    const claimed = await how(room, new Set(full));
    if (this.stopped) {
      await this.claims.release(claimed);
      return 0;
    }
    const byLane = new Map<DestinationLane, ClaimedDelivery[]>();
    for (const d of claimed) {
      const lane = this.laneFor(d);
      const same = byLane.get(lane);
      if (same) same.push(d);
      else byLane.set(lane, [d]);
    }
    for (const [lane, deliveries] of byLane) lane.take(deliveries);
    return claimed.length;
  }

  private async finish(d: ClaimedDelivery, outcome: Outcome): Promise<void> {
    try {
      await this.recorder.record(d, outcome);
    } catch (err) {
      // Not written: its claim lapses and it is attempted again.
      this.logger.warn({
        msg: 'webhook outcome not recorded',
        deliveryId: d.deliveryId,
        err: String(err),
      });
    }
    this.claims.held.delete(d.deliveryId);
    if (this.claims.held.size === MOST_HELD / 2) this.wake();
  }

  private laneFor(d: ClaimedDelivery): DestinationLane {
    const key = `${d.apiKey}/${d.destination}`;
    const ref = { apiKey: d.apiKey, destination: d.destination, endpointId: d.endpointId };
    const lane =
      this.lanes.get(key) ??
      new DestinationLane(ref, this.config.webhookDestinationConcurrency, this.context);
    this.lanes.set(key, lane);
    return lane;
  }

  private prune(): void {
    const now = Date.now();
    for (const [key, lane] of this.lanes) {
      const idleFor = lane.concurrency.down ? DOWN_LANE_IDLE_MS : LANE_IDLE_MS;
      if (lane.idle && lane.lastActive < now - idleFor) this.lanes.delete(key);
    }
  }
}
