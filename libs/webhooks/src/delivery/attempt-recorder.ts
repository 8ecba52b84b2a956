import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG, JobQueue, Metrics, sleep, type AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';
import { afterAttempt } from '../domain/delivery';
import { DELIVER_JOB_BUDGET, deliverJobsOf, type DeliveryToAttempt } from '../domain/delivery-jobs';

/** A delivery taken in for an attempt, as its job read it. */
export interface HeldDelivery {
  deliveryId: string;
  apiKey: string;
  destination: string;
  endpointId: string | null;
  /** Attempts made before this one. */
  attempts: number;
  maxAttempts: number;
  /** Its payload's JSON when this process made it (see FreshPayloads). */
  json?: string;
  /** Its sealed payload, when `json` is not here; null once erased; undefined: not read yet. */
  storedPayload?: string | null;
  /** Its job can run no more: a failed attempt ends the delivery. */
  lastRun: boolean;
}

/** What came of a delivery: an attempt's answer, or an end without one (and why). */
export type Outcome =
  | {
      attempted: true;
      at: Date;
      status?: number;
      durationMs: number;
      response?: string;
      error?: string;
      /** Failed without a request: its destination is down (see DestinationLanes). */
      notSent?: true;
    }
  | { attempted: false; reason: string };

interface Entry {
  delivery: HeldDelivery;
  outcome: Outcome;
  done: (err?: unknown) => void;
}

/** Outcomes wait this long for others to share their statement, or until this many wait. */
const FLUSH_AFTER_MS = 5;
const FLUSH_AT = 500;
const WRITE_TRIES = 3;

/**
 * Records what came of attempts, many in one transaction: each attempt's row, each delivery's
 * state, and for those still pending the jobs of their next attempts on D11.5's schedule
 * (grouped by destination, so a failing destination's retries go out in batches too). The
 * state moves only from the attempt count the delivery had when it was taken in, so an
 * outcome recorded twice (a job run again after a lapsed lease) changes nothing.
 */
@Injectable()
export class AttemptRecorder {
  private readonly logger = new Logger('Webhooks');
  private waiting: Entry[] = [];
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** Resolves once the outcome is written; rejects with what kept it from being written. */
  record(delivery: HeldDelivery, outcome: Outcome): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ delivery, outcome, done: (err) => (err ? reject(err) : resolve()) });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing) return; // the write under way schedules the next when it ends
    if (this.waiting.length >= FLUSH_AT) {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.flush();
    } else this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }

  private flush(): void {
    this.timer = undefined;
    const entries = this.waiting.splice(0, FLUSH_AT);
    if (entries.length === 0) return;
    this.writing = this.write(entries).then(
      () => entries.forEach((e) => e.done()),
      (err) => entries.forEach((e) => e.done(err)),
    );
    void this.writing.finally(() => {
      this.writing = undefined;
      if (this.waiting.length > 0) this.schedule();
    });
  }

  /**
   * Writes outcomes, trying again twice (a deadlock, a blip): each try is one transaction, and
   * a delivery moves only from the attempts it had, so a try after a commit that was not
   * acknowledged changes nothing. Past that, the jobs of these outcomes run again.
   */
  private async write(entries: Entry[]): Promise<void> {
    for (let tried = 1; ; tried++) {
      try {
        return await this.writeOnce(entries);
      } catch (err) {
        if (tried >= WRITE_TRIES) throw err;
        await sleep(100 * 4 ** (tried - 1));
      }
    }
  }

  private async writeOnce(entries: Entry[]): Promise<void> {
    const rows = entries.map(({ delivery: d, outcome: o }) => {
      if (!o.attempted) {
        return { d, attempted: false, status: 'failed', error: o.reason } as const;
      }
      const after = afterAttempt(
        d.attempts + 1,
        d.maxAttempts,
        o.status,
        d.lastRun,
        this.config.webhookRetryScale,
      );
      const error = o.error ?? (after.status === 'delivered' ? null : `HTTP ${o.status}`);
      return { d, o, attempted: true, ...after, error } as const;
    });
    const { moved, retryIds } = await this.dataSource.transaction(async (m) => {
      const recorded: (DeliveryToAttempt & { status: string; next_ms: number | null })[] =
        await m.query(RECORD_OUTCOMES, [
          rows.map((r) => r.d.deliveryId),
          rows.map((r) => r.d.attempts),
          rows.map((r) => r.attempted),
          rows.map((r) => (r.attempted ? r.o.at.toISOString() : null)),
          rows.map((r) => (r.attempted ? (r.o.status ?? null) : null)),
          rows.map((r) => (r.attempted ? r.o.durationMs : null)),
          rows.map((r) => (r.attempted ? (r.o.response ?? null) : null)),
          rows.map((r) => r.error),
          rows.map((r) => r.status),
          rows.map((r) => (r.attempted ? (r.nextDelayMs ?? null) : null)),
        ]);
      // The next attempts: one job per destination and wait (deliveries that failed together
      // at the same attempt wait the same time).
      const byWait = new Map<number, DeliveryToAttempt[]>();
      for (const r of recorded.filter((x) => x.status === 'pending')) {
        const wait = Number(r.next_ms);
        const same = byWait.get(wait);
        if (same) same.push(r);
        else byWait.set(wait, [r]);
      }
      const ids: string[] = [];
      for (const [delayMs, deliveries] of byWait) {
        const jobs = deliverJobsOf('retry', deliveries);
        await this.queue.enqueue(jobs, { delayMs, maxAttempts: DELIVER_JOB_BUDGET }, m);
        ids.push(...jobs.map((j) => j.id));
      }
      return { moved: new Set(recorded.map((r) => r.deliveryId)), retryIds: ids };
    });
    this.count(rows.filter((r) => moved.has(r.d.deliveryId)));
    if (retryIds.length > 0) await this.queue.dispatch(retryIds);
  }

  private count(rows: { d: HeldDelivery; attempted: boolean; status: string; o?: Outcome }[]) {
    for (const r of rows) {
      if (!r.attempted) continue;
      const outcome = r.status === 'pending' ? 'retry' : r.status;
      this.metrics?.webhookDeliveries.inc({ outcome });
      const o = r.o as Extract<Outcome, { attempted: true }>;
      if (r.status === 'delivered' || o.notSent) continue; // a destination down is logged once
      this.logger.warn({
        msg:
          r.status === 'failed' ? 'webhook delivery failed' : 'webhook attempt failed; will retry',
        deliveryId: r.d.deliveryId,
        attempt: r.d.attempts + 1,
        status: o.status,
        error: o.error,
      });
    }
  }
}

/**
 * Outcomes ($1..$10, one array element each) applied to pending deliveries still at the
 * attempt count they were taken at; an attempt's row is written with its delivery's new
 * state. Answers the deliveries it moved, with the wait before their next attempt.
 */
const RECORD_OUTCOMES = `
  WITH o AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::bool[], $4::timestamptz[], $5::int[],
      $6::int[], $7::text[], $8::text[], $9::text[], $10::float8[])
      AS o(id, prev, attempted, at, http_status, duration_ms, response, error, status, next_ms)
  ), updated AS (
    UPDATE webhook_deliveries d SET
      attempts = CASE WHEN o.attempted THEN o.prev + 1 ELSE d.attempts END,
      status = o.status,
      last_http_status = CASE WHEN o.attempted THEN o.http_status ELSE d.last_http_status END,
      last_error = o.error,
      last_attempt_at = CASE WHEN o.attempted THEN o.at ELSE d.last_attempt_at END,
      first_attempt_at = COALESCE(d.first_attempt_at, o.at),
      next_attempt_at = CASE WHEN o.status = 'pending'
        THEN now() + make_interval(secs => o.next_ms / 1000.0) END
    FROM o WHERE d.delivery_id = o.id AND d.status = 'pending' AND d.attempts = o.prev
    RETURNING d.delivery_id, d.api_key, d.destination, d.attempts, d.status, o.next_ms
  ), attempts AS (
    INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, http_status, duration_ms,
      response, error)
    SELECT o.id, o.prev + 1, o.at, o.http_status, o.duration_ms, o.response, o.error
    FROM o JOIN updated u ON u.delivery_id = o.id WHERE o.attempted
    ON CONFLICT DO NOTHING
  )
  SELECT delivery_id AS "deliveryId", api_key AS "apiKey", destination, attempts, status, next_ms
  FROM updated`;
