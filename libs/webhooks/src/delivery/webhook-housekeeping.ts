import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, JobQueue, type AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';
import { DELIVER_JOB } from '../domain/delivery';
import { DELIVER_JOB_BUDGET, deliverJobsOf, type DeliveryToAttempt } from '../domain/delivery-jobs';

const EVERY_MS = 3_600_000;
/** A pending delivery this long overdue, that no pending job holds, gets a job again. */
const OVERDUE_MS = 3_600_000;
const STRANDED_AT_A_TIME = 1_000;

/**
 * The delivery log's upkeep, at start and every hour on each instance (what it does is
 * idempotent, so instances doing it at once do no harm):
 * - it keeps the log for WEBHOOK_LOG_RETENTION_DAYS (default 30): older deliveries that are
 *   over (delivered or failed) go with their payloads and attempts; spent rate-limit windows
 *   too;
 * - a safety net under "nothing lost": every pending delivery has a job that will attempt it,
 *   but a job can end without attempting its deliveries (its last run failed on a database
 *   error, say). Pending deliveries overdue by an hour that no pending job holds get a job
 *   again (its id from the deliveries and their attempts: two instances make one).
 */
@Injectable()
export class WebhookHousekeeping implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const upkeep = () => void this.prune().then(() => this.resumeStranded());
    upkeep();
    this.timer = setInterval(upkeep, EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Deletes what is past retention; answers how many deliveries went. */
  async prune(): Promise<number> {
    try {
      const gone: unknown[] = await this.dataSource.query(
        `WITH gone AS (DELETE FROM webhook_deliveries
         WHERE created_at < now() - make_interval(secs => $1::double precision)
           AND status <> 'pending'
         RETURNING 1) SELECT * FROM gone`,
        [this.config.webhookLogRetentionDays * 86_400],
      );
      await this.dataSource.query(`DELETE FROM webhook_rate_windows WHERE window_start < $1`, [
        Math.floor(Date.now() / 1000) - 60,
      ]);
      return gone.length;
    } catch (err) {
      this.logger.warn({ msg: 'webhook log pruning failed', err: String(err) });
      return 0;
    }
  }

  /** Gives the stranded deliveries jobs; answers how many there were (0 when it fails). */
  async resumeStranded(): Promise<number> {
    try {
      // The deliveries pending jobs hold, listed once (an anti-join against them, rather
      // than a search of every pending job's data for each overdue delivery).
      const stranded: DeliveryToAttempt[] = await this.dataSource.query(
        `WITH held AS MATERIALIZED (
           SELECT jsonb_array_elements_text(data->'deliveryIds') AS id FROM jobs
           WHERE status = 'pending' AND name = $2 AND data ? 'deliveryIds'
           UNION ALL
           SELECT data->>'deliveryId' FROM jobs
           WHERE status = 'pending' AND name = $2 AND data ? 'deliveryId')
         SELECT d.delivery_id AS "deliveryId", d.api_key AS "apiKey", d.destination, d.attempts
         FROM webhook_deliveries d
         WHERE d.status = 'pending'
           AND d.next_attempt_at < now() - make_interval(secs => $1::double precision)
           AND NOT EXISTS (SELECT 1 FROM held WHERE held.id = d.delivery_id)
         ORDER BY d.next_attempt_at LIMIT ${STRANDED_AT_A_TIME}`,
        [OVERDUE_MS / 1000, DELIVER_JOB],
      );
      if (stranded.length === 0) return 0;
      // A round an hour: a resume whose job ended without attempting them is made again.
      const round = String(Math.floor(Date.now() / EVERY_MS));
      await this.queue.enqueue(deliverJobsOf('resume', stranded, round), {
        maxAttempts: DELIVER_JOB_BUDGET,
      });
      this.logger.warn({ msg: 'webhook deliveries without a job resumed', count: stranded.length });
      return stranded.length;
    } catch (err) {
      this.logger.warn({ msg: 'resuming stranded webhook deliveries failed', err: String(err) });
      return 0;
    }
  }
}
