import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/platform';
import { DataSource } from 'typeorm';

const EVERY_MS = 3_600_000;

/**
 * The delivery log's upkeep, at start and every hour on each instance (what it does is
 * idempotent, so instances doing it at once do no harm): it keeps the log for
 * WEBHOOK_LOG_RETENTION_DAYS (default 30): older deliveries that are over (delivered or
 * failed) go with their payloads and attempts; spent rate-limit windows too.
 */
@Injectable()
export class WebhookHousekeeping implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const upkeep = () => void this.prune();
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
}
