import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { JobQueue } from '@app/platform';
import { DataSource } from 'typeorm';
import { DELIVER_JOB } from '../domain/delivery';
import { DELIVER_JOB_BUDGET, deliverJobsOf, type DeliveryToAttempt } from '../domain/delivery-jobs';

/** A pending delivery this long overdue, that no pending job holds, gets a job again. */
const OVERDUE_MS = 3_600_000;
const CHECK_EVERY_MS = 3_600_000;
const AT_A_TIME = 1_000;

/**
 * A safety net under "nothing lost": every pending delivery has a job that will attempt it,
 * but a job can end without attempting its deliveries (its last run failed on a database
 * error, say). Every hour, on each instance, pending deliveries overdue by an hour that no
 * pending job holds get a job again (ids from the deliveries and their attempts, so two
 * instances doing it at once make one).
 */
@Injectable()
export class StrandedDeliveries implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.resume().catch(() => undefined), CHECK_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Gives the stranded deliveries jobs; answers how many there were. */
  async resume(): Promise<number> {
    try {
      const stranded: DeliveryToAttempt[] = await this.dataSource.query(
        `SELECT d.delivery_id AS "deliveryId", d.api_key AS "apiKey", d.destination, d.attempts
         FROM webhook_deliveries d
         WHERE d.status = 'pending'
           AND d.next_attempt_at < now() - make_interval(secs => $1::double precision)
           AND NOT EXISTS (
             SELECT 1 FROM jobs j WHERE j.status = 'pending' AND j.name = $2
               AND (j.data->'deliveryIds' ? d.delivery_id OR j.data->>'deliveryId' = d.delivery_id))
         ORDER BY d.next_attempt_at LIMIT ${AT_A_TIME}`,
        [OVERDUE_MS / 1000, DELIVER_JOB],
      );
      if (stranded.length === 0) return 0;
      await this.queue.enqueue(deliverJobsOf('resume', stranded), {
        maxAttempts: DELIVER_JOB_BUDGET,
      });
      this.logger.warn({ msg: 'webhook deliveries without a job resumed', count: stranded.length });
      return stranded.length;
    } catch (err) {
      this.logger.warn({ msg: 'resuming stranded webhook deliveries failed', err: String(err) });
      throw err;
    }
  }
}
