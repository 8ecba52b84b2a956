import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { DeliveryWorker } from '../../delivery/delivery-worker';
import { RetryDeliveriesCommand } from './retry-deliveries.command';

/**
 * Sends failed deliveries again: each is due now with one more attempt allowed, and keeps its
 * `webhook-id`. The delivery workers take it from the row like any due delivery.
 */
@CommandHandler(RetryDeliveriesCommand)
export class RetryDeliveriesHandler implements ICommandHandler<RetryDeliveriesCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: DeliveryWorker,
  ) {}

  async execute({
    tenant,
    deliveryId,
    since,
  }: RetryDeliveriesCommand): Promise<{ deliveryIds: string[] }> {
    if (deliveryId === undefined && since === undefined) {
      throw ServiceError.invalidField('data.deliveryId', 'deliveryId or since is required');
    }
    if (deliveryId !== undefined) {
      const [found]: { status: string }[] = await this.dataSource.query(
        `SELECT status FROM webhook_deliveries WHERE api_key = $1 AND delivery_id = $2`,
        [tenant.apiKey, deliveryId],
      );
      if (!found) throw new ServiceError('NOT_FOUND', 'Delivery not found.');
      if (found.status !== 'failed') {
        throw new ServiceError(
          'FAILED_PRECONDITION',
          `The delivery is ${found.status}, not failed.`,
        );
      }
    }
    const rows: { delivery_id: string }[] = await this.dataSource.query(
      `WITH retried AS (UPDATE webhook_deliveries SET status = 'pending',
         max_attempts = attempts + 1, next_attempt_at = now(), last_error = NULL,
         claimed_until = NULL
       WHERE api_key = $1 AND status = 'failed' AND sealed_payload IS NOT NULL
         AND ($2::text IS NULL OR delivery_id = $2)
         AND ($3::bigint IS NULL OR created_at >= to_timestamp($3::bigint / 1000.0))
       RETURNING delivery_id, seq)
       SELECT delivery_id FROM retried ORDER BY seq`,
      [tenant.apiKey, deliveryId ?? null, since ?? null],
    );
    if (rows.length > 0) this.worker.wake();
    return { deliveryIds: rows.map((r) => r.delivery_id) };
  }
}
