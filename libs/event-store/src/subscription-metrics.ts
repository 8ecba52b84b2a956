import { Injectable, Logger, Optional, type OnApplicationBootstrap } from '@nestjs/common';
import { METRIC, Metrics } from '@app/platform';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import type { EventSubscriber } from './projection';
import { SubscriptionRunner } from './subscription-runner';
import { storedTypesOf } from './upcasters';

/** Events counted behind a checkpoint at most: the gauge says "at least this many" past it. */
export const LAG_COUNT_CAP = 100_000;
const QUERY_TIMEOUT_MS = 2_000;
const WARN_EVERY_MS = 60_000;
/** A scrape within this long of the last read gets its numbers: scrapes cost one read at most. */
const CACHE_MS = 1_000;

/**
 * Per subscription, the log's first LAG_COUNT_CAP events past its checkpoint (in the
 * subscription order, on the `(transaction_id, global_position)` index), of which how many are
 * of its types, and the age of the oldest of those: a bounded read whatever the backlog.
 */
const LAG_SQL = `
  SELECT count(*)::int AS behind,
         COALESCE(EXTRACT(EPOCH FROM now() - min(e.created_at)), 0)::float8 AS seconds
  FROM (SELECT type, created_at FROM events
        WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
        ORDER BY transaction_id, global_position LIMIT ${LAG_COUNT_CAP}) e
  WHERE $3::text[] IS NULL OR e.type = ANY($3::text[])`;

interface Lag {
  id: string;
  behind: number;
  seconds: number;
}

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

/**
 * Scrape-time gauges of the subscriptions, read from the checkpoints, events and parked
 * events tables (so they are the same whichever instance is scraped): events behind, seconds
 * behind, parked events. A database that does not answer leaves them out of the scrape
 * (logged, and counted in collab_metrics_collect_errors_total) rather than failing it.
 */
@Injectable()
export class SubscriptionMetrics implements OnApplicationBootstrap {
  private readonly logger = new Logger('Metrics');
  private lastWarning = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly runner: SubscriptionRunner,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  onApplicationBootstrap(): void {
    const metrics = this.metrics;
    if (!metrics) return;
    const read = this.read.bind(this);
    // Every subscriber the runner feeds, durable event handlers and sagas included.
    const runner = this.runner;
    const lagsOf = () => this.lags(runner.subscriptions);
    const dataSource = this.dataSource;
    // One read per scrape feeds both gauges (the registry collects them concurrently).
    let reading: Promise<Lag[] | undefined> | undefined;
    const lags = () =>
      (reading ??= read('subscription_lag', lagsOf).finally(() =>
        setTimeout(() => (reading = undefined), CACHE_MS).unref(),
      ));
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
        const rows = await read(
          'parked_events',
          () =>
            dataSource.query(
              `SELECT subscription_id, count(*)::int AS n FROM parked_events GROUP BY subscription_id`,
            ) as Promise<{ subscription_id: string; n: number }[]>,
        );
        for (const s of runner.subscriptions) this.set({ subscription_id: s.subscriptionId }, 0);
        for (const row of rows ?? []) this.set({ subscription_id: row.subscription_id }, row.n);
      },
    });
  }

  private async lags(subscribers: readonly EventSubscriber[]): Promise<Lag[]> {
    const rows: { subscription_id: string; position: string; transaction_id: string }[] =
      await this.dataSource.query(
        `SELECT subscription_id, position, transaction_id::text AS transaction_id FROM checkpoints`,
      );
    const checkpoints = new Map(rows.map((r) => [r.subscription_id, r]));
    const lags: Lag[] = [];
    for (const subscriber of subscribers) {
      // A subscription that has not run yet is behind the whole log.
      const at = checkpoints.get(subscriber.subscriptionId) ?? {
        position: '0',
        transaction_id: '0',
      };
      const types = subscriber.handles ? storedTypesOf(subscriber.handles) : null;
      const [row]: { behind: number; seconds: number }[] = await this.dataSource.query(LAG_SQL, [
        at.transaction_id,
        at.position,
        types,
      ]);
      lags.push({
        id: subscriber.subscriptionId,
        behind: Number(row.behind),
        seconds: Math.max(0, Number(row.seconds)),
      });
    }
    return lags;
  }

  /** Runs a collector's queries with a deadline; on failure logs (rarely) and answers undefined. */
  async read<T>(collector: string, work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await withTimeout(work(), QUERY_TIMEOUT_MS);
    } catch (err) {
      this.metrics?.collectErrors.inc({ collector });
      const now = Date.now();
      if (now - this.lastWarning >= WARN_EVERY_MS) {
        this.lastWarning = now;
        this.logger.warn({ msg: 'metrics left out of the scrape', collector, err: String(err) });
      }
      return undefined;
    }
  }
}
