import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Counter } from 'prom-client';
import { DataSource } from 'typeorm';
import { APP_CONFIG, Metrics, SecretBox, sleep, type AppConfig } from '@app/platform';
import { EmailConfigReader } from '../application/common/email-config.reader';
import { EmailDeliveries, type ClaimedEmail, type EmailRecord } from './email-deliveries';
import { EMAIL_MAX_ATTEMPTS, emailRetryDelayMs } from './email-delivery';
import type { OutgoingEmail, EmailSendOutcome } from './outgoing-email';
import { SendGridSender } from './senders/sendgrid-sender';
import { SmtpSender } from './senders/smtp-sender';

/**
 * How long a worker holds an email it sends, renewed every third of it while the send lasts
 * (a send may wait in the relay pool's queue), so no other worker takes it meanwhile. A
 * process killed while it held one leaves it to be sent again after this. EMAIL_RETRY_SCALE
 * scales it with the backoff, never below the floor.
 */
const SEND_LEASE_MS = 120_000;
const SEND_LEASE_FLOOR_MS = 5_000;
/** Sends in flight in this process at most (the relay pool's connections queue them). */
const MOST_IN_FLIGHT = 64;
/** Sends in flight to one workspace's SendGrid key at most. */
const MOST_PER_SENDGRID_KEY = 8;
/** The longest wait between two looks for due emails (retries, other instances' rows). */
const POLL_MS = 1_000;
/** Outcomes wait this long for others to share their statement, or until this many wait. */
const RECORD_AFTER_MS = 5;
const RECORD_AT = 200;
/** How long a stopping server waits for the sends in flight (a send times out after 30 s). */
const DRAIN_MS = 35_000;

/** Sends by what came of them (Prometheus). */
export const EMAIL_SENDS_METRIC = 'collab_email_sends_total';

/** The sleep of the loop, ended early by a wake. */
class Wakeup {
  private resolve?: () => void;
  private timer?: NodeJS.Timeout;

  wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(() => this.poke(), ms);
    });
  }

  poke(): void {
    clearTimeout(this.timer);
    const resolve = this.resolve;
    this.resolve = undefined;
    resolve?.();
  }
}

/** A count of sends in flight that waits for room. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly most: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.most) await new Promise<void>((r) => this.waiting.push(r));
    else this.active++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  get idle(): boolean {
    return this.active === 0;
  }
}

/**
 * Sends planned emails (D14.4). The `email_deliveries` rows are the queue: this loop claims
 * due rows many at a time in one statement (a lease, the attempt counted, SKIP LOCKED), sends
 * them with bounded concurrency (the relay's pooled connections; a few at a time per SendGrid
 * key) and records the outcomes many rows per statement: sent (the message dropped), failed
 * for good (a permanent refusal, or the last of EMAIL_MAX_ATTEMPTS attempts), or failed for
 * now (due again after a doubling backoff scaled by EMAIL_RETRY_SCALE). Woken after the
 * planning's commit, and every POLL_MS (retries, other instances' rows, lapsed leases). Logs
 * name the row, never an address or a body.
 */
@Injectable()
export class EmailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EmailSender');
  private readonly sends?: Counter<'outcome'>;
  private readonly leaseMs: number;
  private stopped = false;
  private woken = false;
  private readonly wakeup = new Wakeup();
  private loop?: Promise<void>;
  private inFlight = 0;
  /** The emails being sent here: id → the attempt they were claimed for. */
  private readonly held = new Map<string, number>();
  private renewTimer?: NodeJS.Timeout;
  private readonly perKey = new Map<string, Slots>();
  private waiting: EmailRecord[] = [];
  private recordTimer?: NodeJS.Timeout;
  private writing = Promise.resolve();
  private retryTimer?: NodeJS.Timeout;
  private retryAt = Infinity;

  constructor(
    private readonly deliveries: EmailDeliveries,
    private readonly smtp: SmtpSender,
    private readonly sendgrid: SendGridSender,
    private readonly configs: EmailConfigReader,
    private readonly box: SecretBox,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() metrics?: Metrics,
  ) {
    this.leaseMs = Math.max(SEND_LEASE_FLOOR_MS, SEND_LEASE_MS * config.emailRetryScale);
    this.sends =
      metrics &&
      new Counter({
        name: EMAIL_SENDS_METRIC,
        help: 'Email sends by outcome: sent, retry (failed for now) or failed (for good)',
        labelNames: ['outcome'] as const,
        registers: [metrics.registry],
      });
  }

  /** Looks for due emails now (the planning committed some). */
  wake(): void {
    this.woken = true;
    this.wakeup.poke();
  }

  onApplicationBootstrap(): void {
    this.loop = this.run();
    this.renewTimer = setInterval(() => {
      this.deliveries.renew(this.held, this.leaseMs).catch((err) => {
        this.logger.warn({ msg: 'renewing email leases failed', err: String(err) });
      });
    }, this.leaseMs / 3);
    this.renewTimer.unref();
  }

  /** Claims nothing more; waits for the sends in flight and their outcomes' writing. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.wake();
    await this.loop;
    const until = Date.now() + DRAIN_MS;
    while (this.inFlight > 0 && Date.now() < until) await sleep(20);
    await this.flush();
    clearInterval(this.renewTimer);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        await this.claim();
      } catch (err) {
        this.logger.warn({ msg: 'claiming emails failed', err: String(err) });
      }
      if (!this.woken && !this.stopped) await this.wakeup.wait(POLL_MS);
    }
  }

  /**
   * Claims as many due emails as there is room for and starts their sends. Room is claimed
   * once half of it is free, so claims stay many rows each; the loop is woken again then.
   */
  private async claim(): Promise<void> {
    const room = MOST_IN_FLIGHT - this.inFlight;
    if (room < MOST_IN_FLIGHT / 2) return;
    const claimed = await this.deliveries.claimDue(room, this.leaseMs);
    if (this.stopped) {
      await this.deliveries.release(claimed);
      return;
    }
    if (claimed.length === 0) return;
    const keys = await this.sendgridKeys(claimed);
    for (const email of claimed) {
      this.inFlight++;
      this.held.set(email.id, email.attempts);
      void this.send(email, keys).finally(() => {
        this.held.delete(email.id);
        this.inFlight--;
        if (this.inFlight === MOST_IN_FLIGHT / 2) this.wake();
      });
    }
    if (claimed.length === room) this.woken = true; // more may be due
  }

  /** The workspaces' SendGrid keys as they are now (rotated or removed since planning). */
  private async sendgridKeys(claimed: ClaimedEmail[]): Promise<Map<string, string | undefined>> {
    const apiKeys = [
      ...new Set(claimed.filter((e) => e.provider === 'sendgrid').map((e) => e.apiKey)),
    ];
    if (apiKeys.length === 0) return new Map();
    const setups = await this.configs.read(this.dataSource.manager, apiKeys);
    return new Map(apiKeys.map((k) => [k, setups.get(k)?.sendgridApiKey]));
  }

  private async send(email: ClaimedEmail, keys: Map<string, string | undefined>): Promise<void> {
    const { id, attempts } = email;
    let outcome: EmailSendOutcome;
    try {
      outcome = await this.deliver(email, keys);
    } catch (err) {
      // Unexpected (a message that cannot be opened): tried again, up to the last attempt.
      this.logger.warn({ msg: 'email not sent', deliveryId: id, err: String(err) });
      outcome = { sent: false, temporary: true, reason: 'send error' };
    }
    let record: EmailRecord;
    if (outcome.sent) {
      record = {
        id,
        attempts,
        kind: 'sent',
        ...(outcome.messageId && { messageId: outcome.messageId }),
      };
    } else if (!outcome.temporary || attempts >= EMAIL_MAX_ATTEMPTS) {
      record = { id, attempts, kind: 'failed', reason: outcome.reason };
      this.logger.warn({ msg: 'email failed', deliveryId: id, reason: outcome.reason, attempts });
    } else {
      const delayMs = emailRetryDelayMs(attempts, this.config.emailRetryScale);
      record = { id, attempts, kind: 'retry', reason: outcome.reason, delayMs };
    }
    try {
      await this.record(record);
    } catch (err) {
      // Not written: its lease lapses and it is tried again (a sent one may go twice).
      this.logger.warn({ msg: 'email outcome not recorded', deliveryId: id, err: String(err) });
      return;
    }
    this.sends?.inc({ outcome: record.kind });
    if (record.kind === 'retry') this.wakeWithin(record.delayMs);
  }

  private async deliver(
    email: ClaimedEmail,
    keys: Map<string, string | undefined>,
  ): Promise<EmailSendOutcome> {
    if (email.messageSealed === null)
      return { sent: false, temporary: false, reason: 'no message' };
    const message = JSON.parse(this.box.open(email.messageSealed)) as OutgoingEmail;
    if (email.provider === 'smtp') return this.smtp.send(message);
    const key = keys.get(email.apiKey);
    if (!key) return { sent: false, temporary: false, reason: 'SendGrid no key' };
    let slots = this.perKey.get(email.apiKey);
    if (!slots) this.perKey.set(email.apiKey, (slots = new Slots(MOST_PER_SENDGRID_KEY)));
    try {
      return await slots.run(() => this.sendgrid.send(key, message));
    } finally {
      if (slots.idle) this.perKey.delete(email.apiKey);
    }
  }

  /** A retry is due in `ms`: the loop looks then, if sooner than its poll. */
  private wakeWithin(ms: number): void {
    if (this.stopped || ms >= POLL_MS || Date.now() + ms >= this.retryAt) return;
    clearTimeout(this.retryTimer);
    this.retryAt = Date.now() + ms;
    this.retryTimer = setTimeout(() => {
      this.retryAt = Infinity;
      this.wake();
    }, ms + 5);
    this.retryTimer.unref();
  }

  /** Resolves once the outcome is written, with others in one statement. */
  private record(record: EmailRecord): Promise<void> {
    this.waiting.push(record);
    if (this.waiting.length >= RECORD_AT) return this.flush();
    this.recordTimer ??= setTimeout(
      () => void this.flush().catch(() => undefined),
      RECORD_AFTER_MS,
    );
    return this.written(record);
  }

  private readonly pending = new Map<
    EmailRecord,
    { resolve: () => void; reject: (e: unknown) => void }
  >();

  private written(record: EmailRecord): Promise<void> {
    return new Promise((resolve, reject) => this.pending.set(record, { resolve, reject }));
  }

  /** Writes what waits, after the write before it. */
  private flush(): Promise<void> {
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    const write = this.writing.then(() => this.deliveries.record(batch));
    this.writing = write.catch(() => undefined);
    const settle = (err?: unknown) => {
      for (const r of batch) {
        const p = this.pending.get(r);
        this.pending.delete(r);
        if (err) p?.reject(err);
        else p?.resolve();
      }
      if (err) throw err;
    };
    return write.then(() => settle(), settle);
  }
}
