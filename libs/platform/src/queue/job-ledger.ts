import type { DataSource, EntityManager } from 'typeorm';
import type { EnqueueOptions, Job } from './job';

const DEFAULT_MAX_ATTEMPTS = 5;
const RECORD_CHUNK = 5_000;
/** A dispatch this much before the job's `run_after` (clocks, timers) still runs it. */
const EARLY_TOLERANCE_MS = 1_000;
/** How far ahead a sweep looks for jobs coming due. */
export const SWEEP_AHEAD_MS = 30_000;

/**
 * The wait left before a pending job is due, for its transport dispatch; at most what a timer
 * takes (a dispatch that comes early does nothing: the sweep dispatches the job when it is due).
 */
const DELAY_LEFT_MS = `LEAST(2147483647, GREATEST(0, EXTRACT(EPOCH FROM run_after - now()) * 1000))::int`;

/** A pending job and the attempt it is at, with the wait before it is due. */
export interface PendingAttempt {
  job_id: string;
  attempts: number;
  delay_ms: number;
}

/** A pending job as a run reads it. */
export interface LedgerRow {
  job_id: string;
  name: string;
  data: unknown;
  attempts: number;
  max_attempts: number;
}

/** What a failed run leaves of its job: its attempts, its state, when it runs next. */
export interface PlannedRetry {
  attempts: number;
  failed: boolean;
  error: string;
  delayMs: number;
  maxAttempts: number;
}

/**
 * The `jobs` table, the record of what is left to do: jobs written once (deterministic ids,
 * insert-if-absent), read by id or by when they are due, and moved on only from the attempt
 * a run read them at, so two runs of one attempt change it once.
 */
export class JobLedger {
  constructor(private readonly dataSource: DataSource) {}

  async record(manager: EntityManager, jobs: Job[], options: EnqueueOptions): Promise<void> {
    const delay = options.delayMs ?? 0;
    const max = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    // Three parameters a job: chunks keep a statement under Postgres's 65,535.
    for (let start = 0; start < jobs.length; start += RECORD_CHUNK) {
      const values: unknown[] = [max, delay / 1000];
      const rows = jobs.slice(start, start + RECORD_CHUNK).map((job, i) => {
        values.push(job.id, job.name, JSON.stringify(job.data ?? null));
        const p = 3 + i * 3;
        return `($${p}, $${p + 1}, $${p + 2}::jsonb, $1::int, now() + make_interval(secs => $2::double precision))`;
      });
      await manager.query(
        `INSERT INTO jobs (job_id, name, data, max_attempts, run_after) VALUES ${rows.join(', ')}
         ON CONFLICT (job_id) DO NOTHING`,
        values,
      );
    }
  }

  /** The pending ones of these jobs. */
  pending(jobIds: string[]): Promise<PendingAttempt[]> {
    return this.dataSource.query(
      `SELECT job_id, attempts, ${DELAY_LEFT_MS} AS delay_ms
       FROM jobs WHERE job_id = ANY($1::text[]) AND status = 'pending'`,
      [jobIds],
    );
  }

  /** Pending jobs due before the next sweep, soonest first. */
  dueSoon(): Promise<PendingAttempt[]> {
    return this.dataSource.query(
      `SELECT job_id, attempts, ${DELAY_LEFT_MS} AS delay_ms
       FROM jobs WHERE status = 'pending'
         AND run_after <= now() + make_interval(secs => $1::double precision)
       ORDER BY run_after LIMIT 1000`,
      [SWEEP_AHEAD_MS / 1000],
    );
  }

  /** A pending job to run, and whether it came early (planned for later than now). */
  async toRun(jobId: string): Promise<(LedgerRow & { early: boolean }) | undefined> {
    const rows: (LedgerRow & { early: boolean })[] = await this.dataSource.query(
      `SELECT job_id, name, data, attempts, max_attempts,
         run_after > now() + make_interval(secs => $2::double precision) AS early
       FROM jobs WHERE job_id = $1 AND status = 'pending'`,
      [jobId, EARLY_TOLERANCE_MS / 1000],
    );
    return rows[0];
  }

  async status(jobId: string): Promise<'pending' | 'completed' | 'failed' | undefined> {
    const rows = await this.dataSource.query(`SELECT status FROM jobs WHERE job_id = $1`, [jobId]);
    return rows[0]?.status;
  }

  /** Completes a pending job; answers whether this call did. */
  async complete(jobId: string): Promise<boolean> {
    const completed: unknown[] = await this.dataSource.query(
      `WITH completed AS (
         UPDATE jobs SET status = 'completed', completed_at = now(), updated_at = now()
         WHERE job_id = $1 AND status = 'pending' RETURNING 1) SELECT * FROM completed`,
      [jobId],
    );
    return completed.length > 0;
  }

  /**
   * Writes what a failed run leaves, only from the attempt the run was at (a job completed
   * meanwhile, or run again elsewhere, is left as it is); answers whether it did.
   */
  async planRetry(row: LedgerRow, retry: PlannedRetry): Promise<boolean> {
    const updated: unknown[] = await this.dataSource.query(
      `WITH updated AS (
         UPDATE jobs SET attempts = $2, status = $3, last_error = $4, updated_at = now(),
           run_after = now() + make_interval(secs => $5::double precision), max_attempts = $6
         WHERE job_id = $1 AND status = 'pending' AND attempts = $7
         RETURNING 1) SELECT * FROM updated`,
      [
        row.job_id,
        retry.attempts,
        retry.failed ? 'failed' : 'pending',
        retry.error,
        retry.delayMs / 1000,
        retry.maxAttempts,
        row.attempts,
      ],
    );
    return updated.length > 0;
  }
}
