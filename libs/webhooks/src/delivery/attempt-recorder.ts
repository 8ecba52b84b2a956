import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { APP_CONFIG, Metrics, sleep, type AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';
import { afterAttempt } from '../domain/delivery';

/** A delivery claimed for an attempt, as the claim read it. */
export interface ClaimedDelivery {
  deliveryId: string;
  apiKey: string;
  destination: string;
  endpointId: string | null;
  /** Attempts made before this one. */
  attempts: number;
  maxAttempts: number;
  /** Its sealed payload; null once erased. */
  storedPayload: string | null;
  /** When it was claimed (a destination's configuration is read after that). */
  claimedAt: number;
  /** When it was last seen pending, with its payload (claimed, or read again since). */
  checkedAt: number;
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
      /** Failed without a request: its destination is down (see DestinationLane). */
      notSent?: true;
    }
  | { attempted: false; reason: string };

interface Entry {
  delivery: ClaimedDelivery;
  outcome: Outcome;
  done: (err?: unknown) => void;
}

/** Outcomes wait this long for others to share their statement, or until this many wait. */
const FLUSH_AFTER_MS = 5;
const FLUSH_AT = 500;
const WRITE_TRIES = 3;

/**
 * Records what came of attempts, many in one statement: each attempt's row, each delivery's
 * state and claim, and for those still pending when their next attempt is due (D11.5). The
 * state moves only from the attempt count the delivery had when it was claimed, so an
 * outcome recorded twice (a claim that lapsed and was taken again) changes nothing.
 */
@Injectable()
export class AttemptRecorder {
  private readonly logger = new Logger('Webhooks');
  private waiting: Entry[] = [];
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** Told after a write that planned next attempts, the soonest due in `inMs`. */
  onRetryPlanned?: (inMs: number) => void;

  /** Resolves once the outcome is written; rejects with what kept it from being written. */
  record(delivery: ClaimedDelivery, outcome: Outcome): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ delivery, outcome, done: (err) => (err ? reject(err) : resolve()) });
      this.schedule();
    });
  }

  /** Resolves when every outcome handed over so far is written (or given up). */
  async flushed(): Promise<void> {
    while (this.writing || this.waiting.length > 0) {
      if (!this.writing) this.flush();
      await this.writing;
    }
  }

  private schedule(): void {
    if (this.writing) return; // the write under way schedules the next when it ends
    if (this.waiting.length >= FLUSH_AT) {
      clearTimeout(this.timer);
      this.flush();
    } else this.timer ??= setTimeout(() => this.flush(), FLUSH_AFTER_MS);
  }

  private flush(): void {
    clearTimeout(this.timer);
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
   * Writes outcomes, trying again twice (a blip): a delivery moves only from the attempts it
   * had, so a try after a commit that was not acknowledged changes nothing. Past that, the
   * claims lapse and the deliveries are attempted again.
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
        this.config.webhookRetryScale,
      );
      const error = o.error ?? (after.status === 'delivered' ? null : `HTTP ${o.status}`);
      return { d, o, attempted: true, ...after, error } as const;
    });
    const recorded: { id: string }[] = await this.dataSource.query(RECORD_OUTCOMES, [
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
    const moved = new Set(recorded.map((r) => r.id));
    const counted = rows.filter((r) => moved.has(r.d.deliveryId));
    this.count(counted);
    const retries = counted.flatMap((r) =>
      r.attempted && r.status === 'pending' ? [r.nextDelayMs ?? 0] : [],
    );
    if (retries.length > 0) this.onRetryPlanned?.(Math.min(...retries));
  }

  private count(rows: { d: ClaimedDelivery; attempted: boolean; status: string; o?: Outcome }[]) {
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
 * attempt count they were claimed at, their claims let go; an attempt's row is written with
 * its delivery's new state. Answers the deliveries it moved.
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
        THEN now() + make_interval(secs => o.next_ms / 1000.0) END,
      claimed_until = NULL
    FROM o WHERE d.delivery_id = o.id AND d.status = 'pending' AND d.attempts = o.prev
    RETURNING d.delivery_id
  ), attempts AS (
    INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, http_status, duration_ms,
      response, error)
    SELECT o.id, o.prev + 1, o.at, o.http_status, o.duration_ms, o.response, o.error
    FROM o JOIN updated u ON u.delivery_id = o.id WHERE o.attempted
    ON CONFLICT DO NOTHING
  )
  SELECT delivery_id AS id FROM updated`;
