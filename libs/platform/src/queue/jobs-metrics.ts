import { Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRIC, Metrics } from '../operability/metrics';
import { JobQueue } from './job-queue';

export const JOBS_QUEUE_LABEL = 'jobs';
const QUERY_TIMEOUT_MS = 2_000;
const WARN_EVERY_MS = 60_000;

/**
 * Scrape-time gauges of the jobs: `collab_jobs{queue,name,state}` from the ledger (shared by
 * every instance: `pending` due now, `delayed` waiting for a retry or a delay, `failed` out of
 * attempts; completed jobs are not counted, see `collab_job_runs_total`), and
 * `collab_jobs_active{queue,name}` running in this process. A database that does not answer
 * leaves the ledger's gauge out of the scrape rather than failing it.
 */
@Injectable()
export class JobsMetrics implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');
  private lastWarning = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    const metrics = this.metrics;
    if (!metrics) return;
    const ledger = () => this.ledger();
    const queue = this.queue;
    new Gauge({
      name: METRIC.jobs,
      help: 'Jobs in the ledger by queue, name and state (pending, delayed, failed)',
      labelNames: ['queue', 'name', 'state'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const row of (await ledger()) ?? []) {
          this.set({ queue: JOBS_QUEUE_LABEL, name: row.name, state: row.state }, row.n);
        }
      },
    });
    new Gauge({
      name: METRIC.jobsActive,
      help: 'Jobs running in this process by queue and name',
      labelNames: ['queue', 'name'] as const,
      registers: [metrics.registry],
      collect() {
        this.reset();
        for (const [name, n] of queue.activeByName()) {
          this.set({ queue: JOBS_QUEUE_LABEL, name }, n);
        }
      },
    });
  }

  private reading?: Promise<{ name: string; state: string; n: number }[] | undefined>;

  /** One read a second at most, whatever the scrape rate (an open /metrics can be called often). */
  private ledger(): Promise<{ name: string; state: string; n: number }[] | undefined> {
    this.reading ??= this.readLedger().finally(() =>
      setTimeout(() => (this.reading = undefined), 1_000).unref(),
    );
    return this.reading;
  }

  /** Both partial indexes (pending, failed): a scrape never reads the completed jobs. */
  private async readLedger(): Promise<{ name: string; state: string; n: number }[] | undefined> {
    try {
      return await Promise.race([
        this.dataSource.query(
          `SELECT name, CASE WHEN run_after > now() THEN 'delayed' ELSE 'pending' END AS state,
             count(*)::int AS n
           FROM jobs WHERE status = 'pending' GROUP BY 1, 2
           UNION ALL
           SELECT name, 'failed', count(*)::int FROM jobs WHERE status = 'failed' GROUP BY 1`,
        ),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('no answer in time')), QUERY_TIMEOUT_MS).unref(),
        ),
      ]);
    } catch (err) {
      this.metrics?.collectErrors.inc({ collector: 'jobs' });
      const now = Date.now();
      if (now - this.lastWarning >= WARN_EVERY_MS) {
        this.lastWarning = now;
        this.logger.warn({
          msg: 'metrics left out of the scrape',
          collector: 'jobs',
          err: String(err),
        });
      }
      return undefined;
    }
  }
}
