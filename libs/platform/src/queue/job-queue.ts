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
  type Dispatch,
  type EnqueueOptions,
  type Job,
  type JobFunction,
  type JobTransport,
  RetryJobLater,
} from './job';
import { JobLedger, SWEEP_AHEAD_MS, type LedgerRow, type PendingAttempt } from './job-ledger';
import { isConnectionFailure } from '../database/connection-failure';
import { yieldToEventLoop } from '../runtime/yield';
import { discoverJobHandlers } from '../module-contract/job-handler';
import { Metrics } from '../operability/metrics';

const BACKOFF_BASE_MS = 1_000;

/** One transport job per attempt of a ledger job (see `dispatch`). */
const transportIdOf = (jobId: string, attempts: number) => `${jobId}#${attempts}`;

/**
 * The queue port. Every job is first written to the `jobs` ledger table (deterministic id,
 * insert-if-absent), then handed to the transport. The ledger, not Redis, is the record of
 * what is left to do: at start and on a timer, pending jobs are dispatched again, so a crash,
 * a restart or a Redis outage loses nothing, and a retried enqueue does nothing twice. A job
 * never runs before its `run_after`: a dispatch that comes early does nothing, and the sweep
 * dispatches the job when it is due.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('JobQueue');
  private readonly handlers = new Map<string, JobFunction<any>>();
  private readonly ledger: JobLedger;
  private sweepTimer?: NodeJS.Timeout;
  /** Jobs running in this process; a second dispatch of one waits for its run (see `run`). */
  private readonly running = new Set<string>();
  /** The latest dispatch of a job that came while it ran here, tried when that run ends. */
  private readonly dispatchedWhileRunning = new Map<string, Dispatch>();
  /** Names of the jobs whose handler runs now, for `collab_jobs_active`. */
  private readonly active = new Map<string, string>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(JOB_TRANSPORT) private readonly transport: JobTransport,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.ledger = new JobLedger(dataSource);
  }

  /** Jobs whose handler runs in this process now, by name. */
  activeByName(): Map<string, number> {
    const byName = new Map<string, number>();
    for (const name of this.active.values()) byName.set(name, (byName.get(name) ?? 0) + 1);
    return byName;
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
    await this.ledger.record(manager ?? this.dataSource.manager, jobs, options);
    if (!manager) await this.dispatch(jobs.map((j) => j.id));
  }

  /**
   * Hands recorded jobs to the transport, each with the wait its `run_after` leaves; a failure
   * here is logged and left to the sweep. The transport id names the job's current attempt,
   * as the sweep's and a retry's do, so that one attempt is one transport job whoever
   * dispatches it: its lock (Bull) keeps two workers from running it at once.
   */
  async dispatch(jobIds: string[]): Promise<void> {
    try {
      await this.add(await this.ledger.pending(jobIds));
    } catch (err) {
      this.logger.warn({ msg: 'dispatch failed; the sweep will retry', jobIds, err: String(err) });
    }
  }

  status(jobId: string): Promise<'pending' | 'completed' | 'failed' | undefined> {
    return this.ledger.status(jobId);
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
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_AHEAD_MS);
    this.sweepTimer.unref();
  }

  /**
   * Stops taking jobs and tells the runs under way to wind down (`JobRun.signal`), waiting for
   * them. What is left stays pending in the ledger for the next sweep, here or elsewhere.
   */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.sweepTimer);
    this.stopping.abort();
    await this.transport.close();
  }

  /**
   * Dispatches every pending job due before the next sweep, each with the delay it has left:
   * unfinished work survives restarts and lost queues, and a retry planned by a process that
   * stopped runs on time rather than a sweep later.
   */
  async sweep(): Promise<void> {
    try {
      await this.add(await this.ledger.dueSoon());
    } catch (err) {
      this.logger.warn({ msg: 'sweep failed', err: String(err) });
    }
  }

  private async add(attempts: PendingAttempt[]): Promise<void> {
    for (const row of attempts) {
      await this.transport.add({
        transportId: transportIdOf(row.job_id, row.attempts),
        jobId: row.job_id,
        delayMs: Number(row.delay_ms),
      });
    }
  }

  private countRun(name: string, outcome: 'completed' | 'retry' | 'failed' | 'postponed'): void {
    this.metrics?.jobRuns.inc({ queue: 'jobs', name, outcome });
  }

  /**
   * Runs a job unless this process runs it already (a Bull lock that lapsed while the job was
   * still busy hands the job out again): the run under way completes it or plans its retry.
   */
  private async run(dispatch: Dispatch): Promise<void> {
    if (this.running.has(dispatch.jobId)) {
      // Maybe planned by the run under way (a retry at once): tried when that run ends, and
      // dropped there unless the ledger says it is the job's next attempt.
      this.dispatchedWhileRunning.set(dispatch.jobId, dispatch);
      return;
    }
    this.running.add(dispatch.jobId);
    try {
      await this.runOnce(dispatch);
    } finally {
      this.running.delete(dispatch.jobId);
    }
    const next = this.dispatchedWhileRunning.get(dispatch.jobId);
    this.dispatchedWhileRunning.delete(dispatch.jobId);
    if (next) await this.run(next);
  }

  private async runOnce(dispatch: Dispatch): Promise<void> {
    await yieldToEventLoop(); // the answer of the request that dispatched this goes out first
    const row = await this.ledger.toRun(dispatch.jobId);
    if (!row) return; // done already, or not committed yet (the sweep will find it)
    // A dispatch of an attempt already made (read before it ended) would skip the backoff;
    // one planned later since comes back with the sweep.
    if (dispatch.transportId !== transportIdOf(row.job_id, row.attempts) || row.early) return;
    const handler = this.handlers.get(row.name);
    if (!handler) {
      this.logger.warn({ msg: 'no handler for job', name: row.name, jobId: row.job_id });
      return;
    }
    this.active.set(row.job_id, row.name);
    try {
      await handler({
        id: row.job_id,
        name: row.name,
        data: row.data,
        attempt: row.attempts + 1,
        maxAttempts: row.max_attempts,
        signal: this.stopping.signal,
      });
      if (await this.ledger.complete(row.job_id)) this.countRun(row.name, 'completed');
    } catch (err) {
      await this.retryOrFail(row, err);
    } finally {
      this.active.delete(row.job_id);
    }
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
    const error = String((err as Error)?.message ?? err).slice(0, 1000);
    const retry = { attempts, failed, error, delayMs, maxAttempts };
    if (!(await this.ledger.planRetry(row, retry))) return;
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
