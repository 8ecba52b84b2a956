import { Injectable, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { METRIC, Metrics, scrapeRead } from '@app/platform';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import type { EventSubscriber } from './projection';
import { typesOf } from './subscription-checkpoints';
import { SubscriptionRunner } from './subscription-runner';

/** Events counted behind a checkpoint at most: the gauge says "at least this many" past it. */
export const LAG_COUNT_CAP = 100_000;

/**
 * Per subscription (`$1`: each one's id and stored types, null for all), the log's first
 * LAG_COUNT_CAP events past its checkpoint (in the subscription order, on the
 * `(transaction_id, global_position)` index; a subscription that has not run yet is behind
 * the whole log), of which how many are of its types, and the age of the oldest of those: one
 * bounded read whatever the backlog.
 */
const LAG_SQL = `
  SELECT s.id, l.behind, l.seconds
  FROM json_to_recordset($1::json) AS s(id text, types text[])
  LEFT JOIN checkpoints c ON c.subscription_id = s.id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS behind,
           COALESCE(EXTRACT(EPOCH FROM now() - min(e.created_at)), 0)::float8 AS seconds
    FROM (SELECT type, created_at FROM events
          WHERE (transaction_id, global_position)
            > (COALESCE(c.transaction_id, '0'::xid8), COALESCE(c.position, 0))
          ORDER BY transaction_id, global_position LIMIT ${LAG_COUNT_CAP}) e
    WHERE s.types IS NULL OR e.type = ANY(s.types)) l`;

interface Lag {
  id: string;
  behind: number;
  seconds: number;
}

/**
 * Scrape-time gauges of the subscriptions, read from the checkpoints, events and parked
 * events tables (so they are the same whichever instance is scraped): events behind, seconds
 * behind, parked events. A database that does not answer leaves them out of the scrape
 * (logged, and counted in collab_metrics_collect_errors_total) rather than failing it.
 */
@Injectable()
export class SubscriptionMetrics implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runner: SubscriptionRunner,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    const metrics = this.metrics;
    if (!metrics) return;
    // Every subscriber the runner feeds, durable event handlers and sagas included; one read
    // feeds both lag gauges (the registry collects them concurrently).
    const runner = this.runner;
    const lags = scrapeRead(metrics, 'subscription_lag', () => this.lags(runner.subscriptions));
    const parked = scrapeRead(
      metrics,
      'parked_events',
      () =>
        this.dataSource.query(
          `SELECT subscription_id, count(*)::int AS n FROM parked_events GROUP BY subscription_id`,
        ) as Promise<{ subscription_id: string; n: number }[]>,
    );
    new Gauge({
      name: METRIC.subscriptionLagEvents,
      help: `Events of its types past a subscription's checkpoint (counted up to ${LAG_COUNT_CAP} events of the log)`,
      labelNames: ['subscription_id'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const lag of (await lags()) ?? []) this.set({ subscription_id: lag.id }, lag.behind);
      },
    });
    new Gauge({
      name: METRIC.subscriptionLagSeconds,
      help: "Age in seconds of the oldest event of its types past a subscription's checkpoint (0: caught up)",
      labelNames: ['subscription_id'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const lag of (await lags()) ?? []) this.set({ subscription_id: lag.id }, lag.seconds);
      },
    });
    new Gauge({
      name: METRIC.parkedEvents,
      help: 'Events parked by a subscription and not successfully retried yet',
      labelNames: ['subscription_id'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        const rows = await parked();
        for (const s of runner.subscriptions) this.set({ subscription_id: s.subscriptionId }, 0);
        for (const row of rows ?? []) this.set({ subscription_id: row.subscription_id }, row.n);
      },
    });
  }

  private async lags(subscribers: readonly EventSubscriber[]): Promise<Lag[]> {
    const wanted = subscribers.map((s) => ({ id: s.subscriptionId, types: typesOf(s) }));
    const rows: Lag[] = await this.dataSource.query(LAG_SQL, [JSON.stringify(wanted)]);
    return rows.map((r) => ({
      id: r.id,
      behind: Number(r.behind),
      seconds: Math.max(0, Number(r.seconds)),
    }));
  }
}
