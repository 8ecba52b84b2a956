import { Injectable, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { METRIC, Metrics } from '../operability/metrics';
import { scrapeRead } from '../operability/scrape-read';
import { JobQueue } from './job-queue';

export const JOBS_QUEUE_LABEL = 'jobs';

/**
 * Scrape-time gauges of the jobs: `collab_jobs{queue,name,state}` from the ledger (shared by
 * every instance: `pending` due now, `delayed` waiting for a retry or a delay, `failed` out of
 * attempts; completed jobs are not counted, see `collab_job_runs_total`), and
 * `collab_jobs_active{queue,name}` running in this process. A database that does not answer
 * leaves the ledger's gauge out of the scrape rather than failing it.
 */
@Injectable()
export class JobsMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    const metrics = this.metrics;
    if (!metrics) return;
    const ledger = scrapeRead(metrics, 'jobs', () => this.readLedger());
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

  /** Both partial indexes (pending, failed): a scrape never reads the completed jobs. */
  private readLedger(): Promise<{ name: string; state: string; n: number }[]> {
    return this.dataSource.query(
      `SELECT name, CASE WHEN run_after > now() THEN 'delayed' ELSE 'pending' END AS state,
         count(*)::int AS n
       FROM jobs WHERE status = 'pending' GROUP BY 1, 2
       UNION ALL
       SELECT name, 'failed', count(*)::int FROM jobs WHERE status = 'failed' GROUP BY 1`,
    );
  }
}
