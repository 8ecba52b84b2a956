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
/** A write of outcomes is tried this often, waiting 100 ms, then 400 ms, between tries (a blip). */
const WRITE_TRIES = 3;
/** Outcomes not written are kept to be written again only while their lease lasts this long more. */
const LEASE_MARGIN_MS = 1_000;
/** Outcomes kept after a failed write are written again after this. */
const REWRITE_AFTER_MS = 1_000;
/**
 * An outcome is kept for a rewrite only when its lease outlasts the rewrite and its tries
 * (100 + 400 ms) by a margin: a lease that lapsed first would let a claim send it again.
 */
const REWRITE_BY_MS = REWRITE_AFTER_MS + 500 + LEASE_MARGIN_MS;
/** How long a stopping server waits for the last outcomes' writing. */
const LAST_WRITE_MS = 5_000;
/** How long a stopping server waits for the sends in flight (a send times out after 30 s). */
const DRAIN_MS = 35_000;

/** Sends by what came of them (Prometheus). */
export const EMAIL_SENDS_METRIC = 'collab_email_sends_total';

/**
 * An email being sent here: the attempt it records with (moved on if this process claims it
 * again after its renewals failed) and when its lease ends as far as this process knows.
 */
interface Hold {
  attempts: number;
  leaseEnds: number;
}

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
  /** The emails being sent here, until their outcome waits to be written. */
  private readonly held = new Map<string, Hold>();
  /** When the lease of an outcome waiting to be written ends. */
  private readonly leaseEnds = new Map<EmailRecord, number>();
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
    // In the outcomes' write chain: one statement at a time, never a renewal and a record at
    // once on two connections.
    this.renewTimer = setInterval(() => {
      this.writing = this.writing
        .then(() => this.renew())
        .catch((err: Error) => {
          this.logger.warn({ msg: 'renewing email leases failed', err: err.name });
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
    try {
      await Promise.race([this.flush().catch(() => undefined), sleep(LAST_WRITE_MS)]);
    } finally {
      clearInterval(this.renewTimer);
    }
  }

  /** Renews the leases of the emails being sent now. */
  private async renew(): Promise<void> {
    const holds = [...this.held.entries()];
    if (holds.length === 0) return;
    const started = Date.now();
    await this.deliveries.renew(new Map(holds.map(([id, h]) => [id, h.attempts])), this.leaseMs);
    for (const [, h] of holds) h.leaseEnds = started + this.leaseMs;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      try {
        await this.claim();
      } catch (err) {
        // By name and code only (a database error's, or one reading a key); and no claim
        // again at once: what failed would fail again, in a loop.
        const { name, code } = err as { name?: unknown; code?: unknown };
        this.logger.warn({ msg: 'claiming emails failed', err: name, code });
        this.woken = false;
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
    const started = Date.now();
    const claimed = await this.deliveries.claimDue(room, this.leaseMs);
    if (claimed.length === room) this.woken = true; // more may be due
    const leaseEnds = started + this.leaseMs;
    // Claimed again while its send is still in flight here (renewals failed until its lease
    // lapsed): not sent twice; the send under way records with the new attempt.
    const fresh: ClaimedEmail[] = [];
    for (const email of claimed) {
      const hold = this.held.get(email.id);
      if (hold) Object.assign(hold, { attempts: email.attempts, leaseEnds });
      else fresh.push(email);
    }
    if (this.stopped) {
      await this.deliveries.release(fresh);
      return;
    }
    if (fresh.length === 0) return;
    let keys: Map<string, string | undefined>;
    try {
      keys = await this.sendgridKeys(fresh);
    } catch (err) {
      // Let them go at once rather than after a lease.
      await this.deliveries.release(fresh).catch((e: Error) => {
        this.logger.warn({ msg: 'releasing emails failed', err: e.name });
      });
      throw err;
    }
    for (const email of fresh) {
      this.inFlight++;
      const hold: Hold = { attempts: email.attempts, leaseEnds };
      this.held.set(email.id, hold);
      void this.send(email, hold, keys).finally(() => {
        if (this.held.get(email.id) === hold) this.held.delete(email.id);
        this.inFlight--;
        if (this.inFlight === MOST_IN_FLIGHT / 2) this.wake();
      });
    }
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

  private async send(
    email: ClaimedEmail,
    hold: Hold,
    keys: Map<string, string | undefined>,
  ): Promise<void> {
    const { id } = email;
    let outcome: EmailSendOutcome;
    try {
      outcome = await this.deliver(email, keys);
    } catch (err) {
      // Unexpected (a message that cannot be opened): tried again, up to the last attempt.
      // The name only: a parse error's message may quote the text.
      this.logger.warn({ msg: 'email not sent', deliveryId: id, err: (err as Error).name });
      outcome = { sent: false, temporary: true, reason: 'send error' };
    }
    const { attempts } = hold;
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
    // Waits to be written: renewals leave it (its lease must lapse if the write never lands).
    if (this.held.get(id) === hold) this.held.delete(id);
    this.leaseEnds.set(record, hold.leaseEnds);
    try {
      await this.record(record);
    } catch (err) {
      // Not written: its lease lapses and it is tried again (a sent one may go twice).
      this.logger.warn({
        msg: 'email outcome not recorded',
        deliveryId: id,
        err: (err as Error).name,
      });
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
      if (slots.idle && this.perKey.get(email.apiKey) === slots) this.perKey.delete(email.apiKey);
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
    const written = this.written(record);
    if (this.waiting.length >= RECORD_AT) void this.flush().catch(() => undefined);
    else this.flushWithin(RECORD_AFTER_MS);
    return written;
  }

  /** Writes what waits in `ms`, unless a write is planned already. */
  private flushWithin(ms: number): void {
    this.recordTimer ??= setTimeout(() => void this.flush().catch(() => undefined), ms);
  }

  private readonly pending = new Map<
    EmailRecord,
    { resolve: () => void; reject: (e: unknown) => void }
  >();

  private written(record: EmailRecord): Promise<void> {
    return new Promise((resolve, reject) => this.pending.set(record, { resolve, reject }));
  }

  /** Writes what waits, after the write before it (and the renewals queued before it). */
  private flush(): Promise<void> {
    clearTimeout(this.recordTimer);
    this.recordTimer = undefined;
    const batch = this.waiting;
    this.waiting = [];
    const write = this.writing.then(() => this.write(batch));
    this.writing = write.catch(() => undefined);
    return write;
  }

  /**
   * Writes outcomes, trying again twice (a blip): a row moves only from the attempt it was
   * claimed at, so a try after a commit that was not acknowledged changes nothing. Past that,
   * those whose lease still lasts wait for the next write; the others are let go (their lease
   * lapses and they are tried again: a sent one may go twice).
   */
  private async write(batch: EmailRecord[]): Promise<void> {
    if (batch.length === 0) return;
    for (let tried = 1; ; tried++) {
      try {
        await this.deliveries.record(batch);
        this.settle(batch);
        return;
      } catch (err) {
        if (tried < WRITE_TRIES) {
          await sleep(100 * 4 ** (tried - 1));
          continue;
        }
        const now = Date.now();
        const kept = this.stopped
          ? []
          : batch.filter((r) => (this.leaseEnds.get(r) ?? 0) > now + REWRITE_BY_MS);
        this.logger.warn({
          msg: 'writing email outcomes failed',
          err: (err as Error).name,
          outcomes: batch.length,
          kept: kept.length,
        });
        const keep = new Set(kept);
        this.settle(
          batch.filter((r) => !keep.has(r)),
          err,
        );
        if (kept.length > 0) {
          this.waiting.push(...kept);
          this.flushWithin(REWRITE_AFTER_MS);
        }
        throw err;
      }
    }
  }

  /** Tells the sends whose outcomes were written (or given up on, with `err`). */
  private settle(records: EmailRecord[], err?: unknown): void {
    for (const r of records) {
      const p = this.pending.get(r);
      this.pending.delete(r);
      this.leaseEnds.delete(r);
      if (err) p?.reject(err);
      else p?.resolve();
    }
  }
}
