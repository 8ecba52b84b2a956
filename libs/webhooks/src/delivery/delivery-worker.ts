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
import { HttpSender } from './http-sender';
import { WebhookTargets } from './webhook-targets';

/** Deliveries claimed at a time, and held by this process at most (memory). */
const CLAIM_BATCH = 500;
const MOST_HELD = 10_000;
/** The longest wait between two looks for due deliveries (lapsed claims, other instances'). */
const POLL_MS = 1_000;
/** A destination takes no more claims while what it holds goes out in more than this long. */
const MOST_DRAIN_MS = 10_000;
/** How long a stopping server waits for the attempts in flight (one takes up to 15 s). */
const DRAIN_MS = 20_000;
/**
 * Idle lanes (and what they learnt) are forgotten after this long; a lane whose destination
 * is down is kept longer, its retries being minutes apart.
 */
const LANE_IDLE_MS = 60_000;
const DOWN_LANE_IDLE_MS = 3_600_000;

/**
 * Makes the attempts of webhook deliveries (D11.3–D11.6). The `webhook_deliveries` rows are
 * the queue: this loop claims due rows (`FOR UPDATE SKIP LOCKED`, a claim that lapses unless
 * renewed, so a killed process's deliveries come back), hands them to their destination's
 * lane and lets AttemptRecorder write each outcome and next attempt on the row. It wakes when
 * the trigger commits deliveries (in this process, or any other through LISTEN on Postgres),
 * when a retry is due, and every POLL_MS. Payloads are never logged.
 */
@Injectable()
export class DeliveryWorker
  implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown
{
  private readonly logger = new Logger('Webhooks');
  private readonly lanes = new Map<string, DestinationLane>();
  private readonly claims: DeliveryClaims;
  private readonly sender: HttpSender;
  private readonly context: LaneContext;
  private readonly listener?: DeliveriesListener;
  private stopped = false;
  private woken = false;
  private wakeLoop?: () => void;
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
    recorder.onRetryPlanned = () => this.wake();
    this.context = {
      targets,
      sender: this.sender,
      box,
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
    if (!isEmbedded(config)) this.listener = new DeliveriesListener(config, () => this.wake());
  }

  /** Looks for due deliveries now (the trigger committed some, a retry was planned). */
  wake(): void {
    this.woken = true;
    const wake = this.wakeLoop;
    this.wakeLoop = undefined;
    wake?.();
  }

  onApplicationBootstrap(): void {
    this.loop = this.run();
    this.listener?.start();
    this.timers = [
      setInterval(
        () =>
          void this.claims
            .renew()
            .catch((err) =>
              this.logger.warn({ msg: 'renewing webhook claims failed', err: String(err) }),
            ),
        RENEW_MS,
      ),
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
      let wait = POLL_MS;
      try {
        const claimed = await this.claim();
        if (claimed >= CLAIM_BATCH) continue;
        if (this.claims.held.size < MOST_HELD) wait = (await this.claims.dueInMs()) ?? POLL_MS;
      } catch (err) {
        this.logger.warn({ msg: 'claiming webhook deliveries failed', err: String(err) });
      }
      if (!this.woken && !this.stopped) await this.sleep(Math.min(wait, POLL_MS));
    }
  }

  /** Claims what is due for the destinations that have room; answers how many. */
  private async claim(): Promise<number> {
    const room = Math.min(CLAIM_BATCH, MOST_HELD - this.claims.held.size);
    if (room <= 0) return 0;
    const full = [...this.lanes]
      .filter(([, l]) => l.held > 0 && (l.concurrency.down || l.drainMs() > MOST_DRAIN_MS))
      .map(([key]) => key);
    const claimed = await this.claims.claim(room, full);
    if (this.stopped) {
      await this.claims.release(claimed);
      return 0;
    }
    const byLane = new Map<DestinationLane, ClaimedDelivery[]>();
    for (const d of claimed) {
      const lane = this.laneFor(d);
      byLane.set(lane, [...(byLane.get(lane) ?? []), d]);
    }
    for (const [lane, deliveries] of byLane) lane.take(deliveries);
    return claimed.length;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wake(), ms);
      this.wakeLoop = () => {
        clearTimeout(timer);
        resolve();
      };
    });
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
