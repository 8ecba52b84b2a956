import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Names of the server's own metrics, in one place for docs/operating.md and the tests. */
export const METRIC = {
  httpDuration: 'collab_http_request_duration_seconds',
  appendDuration: 'collab_event_store_append_duration_seconds',
  eventsAppended: 'collab_event_store_events_appended_total',
  subscriptionLagEvents: 'collab_subscription_lag_events',
  subscriptionLagSeconds: 'collab_subscription_lag_seconds',
  parkedEvents: 'collab_subscription_parked_events',
  jobs: 'collab_jobs',
  jobsActive: 'collab_jobs_active',
  jobRuns: 'collab_job_runs_total',
  rateLimited: 'collab_rate_limit_exceeded_total',
  rateLimitStorageErrors: 'collab_rate_limit_storage_errors_total',
  webhookDeliveries: 'collab_webhook_deliveries_total',
  collectErrors: 'collab_metrics_collect_errors_total',
} as const;

/**
 * The application's metrics: one prom-client Registry per application (not the global one, so
 * several apps in one process, as in the tests, never clash), with the default process
 * metrics. Modules add scrape-time gauges with `registers: [metrics.registry]`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: METRIC.httpDuration,
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly appendDuration = new Histogram({
    name: METRIC.appendDuration,
    help: 'Event store appends: statements and inline projections, until the append returns',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: METRIC.eventsAppended,
    help: 'Events committed to the log by this process, by event type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: METRIC.jobRuns,
    help: 'Job runs in this process by outcome: completed, retry, failed, postponed (database away)',
    labelNames: ['queue', 'name', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly rateLimited = new Counter({
    name: METRIC.rateLimited,
    help: 'Requests refused with RESOURCE_EXHAUSTED by the rate limit, by policy (burst, sustained)',
    labelNames: ['policy'] as const,
    registers: [this.registry],
  });

  readonly rateLimitStorageErrors = new Counter({
    name: METRIC.rateLimitStorageErrors,
    help: 'Rate-limit checks let through because the shared storage (Redis) did not answer',
    registers: [this.registry],
  });

  /** Webhook attempts by what came of them: delivered, retry or failed. */
  readonly webhookDeliveries = new Counter({
    name: METRIC.webhookDeliveries,
    help: 'Webhook delivery attempts by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly collectErrors = new Counter({
    name: METRIC.collectErrors,
    help: 'Scrape-time collectors that could not read the database (their gauges are left out)',
    labelNames: ['collector'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
