import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { DataSource, type EntityManager } from 'typeorm';
import {
  JOB_TRANSPORT,
  JobContinuation,
  type Dispatch,
  type EnqueueOptions,
  type Job,
  type JobFunction,
  type JobTransport,
  RetryJobLater,
} from './job';
import { isConnectionFailure } from '../database/connection-failure';
import { sleep, yieldToEventLoop } from '../runtime/yield';
import { discoverJobHandlers } from '../module-contract/job-handler';
import { Metrics } from '../operability/metrics';

const DEFAULT_MAX_ATTEMPTS = 5;
const RECORD_CHUNK = 5_000;
const SWEEP_INTERVAL_MS = 30_000;
const BACKOFF_BASE_MS = 1_000;
/** How long a continuing job stays leased to this process, and how often the lease is renewed. */
const LEASE_MS = 20_000;
const LEASE_RENEW_MS = 5_000;
/** How long a stopping queue waits for its continuing jobs (a webhook attempt takes up to 15 s). */
const CONTINUATION_DRAIN_MS = 20_000;
/** A continuation still going after this long is taken for stuck: its lease is let go. */
const CONTINUATION_MAX_MS = 15 * 60_000;
/** A dispatch this much before the job's `run_after` (clocks, timers) still runs it. */
const EARLY_TOLERANCE_MS = 1_000;

/** One transport job per attempt of a ledger job (see `dispatch`). */
const transportIdOf = (jobId: string, attempts: number) => `${jobId}#${attempts}`;
/**
 * The wait left before a pending job is due, for its transport dispatch; at most what a timer
 * takes (a dispatch that comes early does nothing: the sweep dispatches the job when it is due).
 */
const DELAY_LEFT_MS = `LEAST(2147483647, GREATEST(0, EXTRACT(EPOCH FROM run_after - now()) * 1000))::int`;

interface LedgerRow {
  job_id: string;
  name: string;
  data: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * The queue port. Every job is first written to the `jobs` ledger table (deterministic id,
 * insert-if-absent), then handed to the transport. The ledger, not Redis, is the record of
 * what is left to do: at start and on a timer, pending jobs are dispatched again, so a crash,
 * a restart or a Redis outage loses nothing, and a retried enqueue does nothing twice. A job
 * never runs before its `run_after`: a dispatch that comes early does nothing, and the sweep
 * dispatches the job when it is due. That is also how a continuing job is leased.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobQueue');
  private readonly handlers = new Map<string, JobFunction<any>>();
  private sweepTimer?: NodeJS.Timeout;
  /** Jobs running in this process; a second dispatch of one of them is dropped (see `run`). */
  private readonly running = new Set<string>();
  /** Names of the jobs whose handler runs now or whose work continues, for `collab_jobs_active`. */
  private readonly active = new Map<string, string>();
  /** Jobs whose work goes on after their run (see `JobContinuation`), until it settles. */
  private readonly continuing = new Map<
    string,
    { settled: Promise<void>; attempts: number; since: number }
  >();
  private leaseTimer?: NodeJS.Timeout;
  private readonly stopping = new AbortController();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(JOB_TRANSPORT) private readonly transport: JobTransport,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** Jobs leased to this process while their work goes on (`JobContinuation`). */
  continuingJobIds(): string[] {
    return [...this.continuing.keys()];
  }

  /** Jobs whose handler runs in this process now, by name. */
  activeByName(): Map<string, number> {
    const byName = new Map<string, number>();
    for (const name of this.active.values()) byName.set(name, (byName.get(name) ?? 0) + 1);
    return byName;
  }

  private countRun(name: string, outcome: 'completed' | 'retry' | 'failed' | 'postponed'): void {
    this.metrics?.jobRuns.inc({ queue: 'jobs', name, outcome });
  }

  /**
   * Registers (or replaces, to wrap it) the handler of a job name; handlers must be
   * idempotent (at-least-once). `@JobHandler(name)` on a provider's method registers it at start.
   */
  handle<T>(name: string, handler: JobFunction<T>): void {
    this.handlers.set(name, handler);
  }

  /** The handler of a job name, to wrap it (an extension's decorator, a test's fault). */
  handlerOf<T>(name: string): JobFunction<T> | undefined {
    return this.handlers.get(name);
  }

  /**
   * Records jobs and dispatches them. With `manager`, the rows join the caller's transaction
   * and the caller calls `dispatch(ids)` after it commits (or leaves it to the sweep).
   */
  async enqueue(jobs: Job[], options: EnqueueOptions = {}, manager?: EntityManager): Promise<void> {
    if (jobs.length === 0) return;
    await this.record(manager ?? this.dataSource.manager, jobs, options);
    if (!manager) await this.dispatch(jobs.map((j) => j.id));
  }

  private async record(
    manager: EntityManager,
    jobs: Job[],
    options: EnqueueOptions,
  ): Promise<void> {
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

  /**
   * Hands recorded jobs to the transport, each with the wait its `run_after` leaves; a failure
   * here is logged and left to the sweep. The transport id names the job's current attempt,
   * as the sweep's and a retry's do, so that one attempt is one transport job whoever
   * dispatches it: its lock (Bull) keeps two workers from running it at once.
   */
  async dispatch(jobIds: string[]): Promise<void> {
    try {
      const pending: { job_id: string; attempts: number; delay_ms: number }[] =
        await this.dataSource.query(
          `SELECT job_id, attempts, ${DELAY_LEFT_MS} AS delay_ms
           FROM jobs WHERE job_id = ANY($1::text[]) AND status = 'pending'`,
          [jobIds],
        );
      for (const row of pending) {
        await this.transport.add({
          transportId: transportIdOf(row.job_id, row.attempts),
          jobId: row.job_id,
          delayMs: Number(row.delay_ms),
        });
      }
    } catch (err) {
      this.logger.warn({ msg: 'dispatch failed; the sweep will retry', jobIds, err: String(err) });
    }
  }

  async status(jobId: string): Promise<'pending' | 'completed' | 'failed' | undefined> {
    const rows = await this.dataSource.query(`SELECT status FROM jobs WHERE job_id = $1`, [jobId]);
    return rows[0]?.status;
  }

  isHealthy(): Promise<boolean> {
    return this.transport.isHealthy();
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const [name, handler] of discoverJobHandlers(this.discovery, this.scanner)) {
      if (this.handlers.has(name)) throw new Error(`Two handlers for job ${name}`);
      this.handlers.set(name, handler);
    }
    await this.transport.start((d) => this.run(d));
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    this.leaseTimer = setInterval(() => void this.renewLeases(), LEASE_RENEW_MS);
    this.leaseTimer.unref();
  }

  /**
   * Stops taking jobs, tells continuing work to wind down (`JobRun.signal`), waits for the
   * runs under way and, up to CONTINUATION_DRAIN_MS, for continuing jobs to settle. What is
   * left stays pending in the ledger: its lease lapses and another instance runs it.
   */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.stopping.abort();
    await this.transport.close();
    const settled = [...this.continuing.values()].map((c) => c.settled);
    await Promise.race([Promise.all(settled), sleep(CONTINUATION_DRAIN_MS)]);
    clearInterval(this.leaseTimer);
  }

  /**
   * Keeps continuing jobs leased to this process while it lives, each for the attempt it is
   * at (a retry planned meanwhile keeps its own time), and lets go of one that has gone on
   * for CONTINUATION_MAX_MS: it is taken for stuck, and runs again when its lease lapses.
   */
  private async renewLeases(): Promise<void> {
    const live = [...this.continuing].filter(([jobId, c]) => {
      if (this.isContinuing(jobId)) return true;
      if (c.since > Date.now() - CONTINUATION_MAX_MS - LEASE_RENEW_MS)
        this.logger.error({ msg: 'continuing job stuck; its lease is let go', jobId });
      return false;
    });
    if (live.length === 0) return;
    await this.lease(live.map(([jobId, c]) => ({ jobId, attempts: c.attempts }))).catch((err) =>
      this.logger.warn({ msg: 'lease renewal failed', err: String(err) }),
    );
  }

  private async lease(jobs: { jobId: string; attempts: number }[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE jobs SET run_after = now() + make_interval(secs => $3::double precision),
         updated_at = now()
       FROM unnest($1::text[], $2::int[]) AS leased(job_id, attempts)
       WHERE jobs.job_id = leased.job_id AND jobs.attempts = leased.attempts
         AND jobs.status = 'pending'`,
      [jobs.map((j) => j.jobId), jobs.map((j) => j.attempts), LEASE_MS / 1000],
    );
  }

  /**
   * Dispatches every pending job due before the next sweep, each with the delay it has left:
   * unfinished work survives restarts and lost queues, and a retry planned by a process that
   * stopped runs on time rather than a sweep later.
   */
  async sweep(): Promise<void> {
    try {
      const due: { job_id: string; attempts: number; delay_ms: number }[] =
        await this.dataSource.query(
          `SELECT job_id, attempts, ${DELAY_LEFT_MS} AS delay_ms
           FROM jobs WHERE status = 'pending'
             AND run_after <= now() + make_interval(secs => $1::double precision)
           ORDER BY run_after LIMIT 1000`,
          [SWEEP_INTERVAL_MS / 1000],
        );
      for (const row of due) {
        await this.transport.add({
          transportId: transportIdOf(row.job_id, row.attempts),
          jobId: row.job_id,
          delayMs: Number(row.delay_ms),
        });
      }
    } catch (err) {
      this.logger.warn({ msg: 'sweep failed', err: String(err) });
    }
  }

  /**
   * Runs a job unless this process runs it already (a Bull lock that lapsed while the job was
   * still busy hands the job out again): the run under way completes it or plans its retry.
   */
  private async run(dispatch: Dispatch): Promise<void> {
    if (this.running.has(dispatch.jobId)) return;
    this.running.add(dispatch.jobId);
    try {
      await this.runOnce(dispatch);
    } finally {
      this.running.delete(dispatch.jobId);
    }
  }

  private async runOnce(dispatch: Dispatch): Promise<void> {
    await yieldToEventLoop(); // the answer of the request that dispatched this goes out first
    const rows: (LedgerRow & { early: boolean })[] = await this.dataSource.query(
      `SELECT job_id, name, data, attempts, max_attempts,
         run_after > now() + make_interval(secs => $2::double precision) AS early
       FROM jobs WHERE job_id = $1 AND status = 'pending'`,
      [dispatch.jobId, EARLY_TOLERANCE_MS / 1000],
    );
    const row = rows[0];
    if (!row) return; // done already, or not committed yet (the sweep will find it)
    // A dispatch of an attempt already made (read before it ended) would skip the backoff.
    if (dispatch.transportId !== transportIdOf(row.job_id, row.attempts)) return;
    // Leased to a process still at work on it, or planned later since: the sweep brings it.
    if (row.early || this.isContinuing(row.job_id)) return;
    const handler = this.handlers.get(row.name);
    if (!handler) {
      this.logger.warn({ msg: 'no handler for job', name: row.name, jobId: row.job_id });
      return;
    }
    this.active.set(row.job_id, row.name);
    let continues = false;
    try {
      const result = await handler({
        id: row.job_id,
        name: row.name,
        data: row.data,
        attempt: row.attempts + 1,
        maxAttempts: row.max_attempts,
        signal: this.stopping.signal,
      });
      if (result instanceof JobContinuation) {
        continues = true;
        await this.continueJob(row, result);
      } else await this.complete(row);
    } catch (err) {
      await this.retryOrFail(row, err);
    } finally {
      if (!continues) this.active.delete(row.job_id);
    }
  }

  /**
   * Leases a job whose work goes on after its run, and ends it when that work settles. The
   * lease and the ending both act only on a pending job, so whichever comes first is right.
   */
  private async continueJob(row: LedgerRow, continuation: JobContinuation): Promise<void> {
    const settled = continuation.done
      .then(
        () => this.complete(row),
        (err) => this.retryOrFail(row, err),
      )
      .catch((err) =>
        // The lease lapses and the job runs again: its work must be idempotent anyway.
        this.logger.warn({ msg: 'continuing job not ended', jobId: row.job_id, err: String(err) }),
      )
      .finally(() => {
        // A run after this one was let go as stuck has an entry of its own: it stays.
        if (this.continuing.get(row.job_id)?.settled !== settled) return;
        this.continuing.delete(row.job_id);
        this.active.delete(row.job_id);
      });
    this.continuing.set(row.job_id, { settled, attempts: row.attempts, since: Date.now() });
    await this.lease([{ jobId: row.job_id, attempts: row.attempts }]).catch((err) =>
      this.logger.warn({ msg: 'lease failed', jobId: row.job_id, err: String(err) }),
    );
  }

  /** Continuing here and not yet taken for stuck. */
  private isContinuing(jobId: string): boolean {
    const since = this.continuing.get(jobId)?.since;
    return since !== undefined && since > Date.now() - CONTINUATION_MAX_MS;
  }

  private async complete(row: LedgerRow): Promise<void> {
    const completed: unknown[] = await this.dataSource.query(
      `WITH completed AS (
         UPDATE jobs SET status = 'completed', completed_at = now(), updated_at = now()
         WHERE job_id = $1 AND status = 'pending' RETURNING 1) SELECT * FROM completed`,
      [row.job_id],
    );
    if (completed.length > 0) this.countRun(row.name, 'completed');
  }

  /**
   * A failed run uses up an attempt, unless the database could not be had (an outage, or a
   * pool too busy to lend a connection in time): that says nothing about the job, so its
   * ledger row is left as it was and the sweep dispatches it again.
   */
  private async retryOrFail(row: LedgerRow, err: unknown): Promise<void> {
    if (isConnectionFailure(err)) {
      this.logger.warn({ msg: 'job postponed: database unavailable', jobId: row.job_id });
      this.countRun(row.name, 'postponed');
      return;
    }
    const attempts = row.attempts + 1;
    // A deferral moves the attempt count on (so the next dispatch has a transport id of its
    // own) and the budget with it: no attempt is used up.
    const planned = err instanceof RetryJobLater ? err : undefined;
    const deferred = planned !== undefined && !planned.countsAsAttempt;
    const maxAttempts = row.max_attempts + (deferred ? 1 : 0);
    const failed = attempts >= maxAttempts;
    const delayMs = planned ? Math.max(0, planned.delayMs) : BACKOFF_BASE_MS * 2 ** (attempts - 1);
    // Only the attempt this run made: a job completed meanwhile, or run again elsewhere after
    // a lapsed lease, is left as it is.
    const updated: unknown[] = await this.dataSource.query(
      `WITH updated AS (
         UPDATE jobs SET attempts = $2, status = $3, last_error = $4, updated_at = now(),
           run_after = now() + make_interval(secs => $5::double precision), max_attempts = $6
         WHERE job_id = $1 AND status = 'pending' AND attempts = $7
         RETURNING 1) SELECT * FROM updated`,
      [
        row.job_id,
        attempts,
        failed ? 'failed' : 'pending',
        String((err as Error)?.message ?? err).slice(0, 1000),
        delayMs / 1000,
        maxAttempts,
        row.attempts,
      ],
    );
    if (updated.length === 0) return;
    this.countRun(row.name, failed ? 'failed' : 'retry');
    if (!planned || failed) {
      this.logger.warn({
        msg: failed ? 'job failed' : 'job will be retried',
        jobId: row.job_id,
        attempts,
      });
    }
    // Stopping: the ledger keeps the job for the next sweep, here or on another instance.
    if (!failed && !this.stopping.signal.aborted) {
      await this.transport
        .add({ transportId: transportIdOf(row.job_id, attempts), jobId: row.job_id, delayMs })
        .catch(() => undefined);
    }
  }
}
