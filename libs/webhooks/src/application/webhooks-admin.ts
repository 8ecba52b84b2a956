import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobQueue, ServiceError } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import { DataSource } from 'typeorm';
import type { RetryDeliveriesRequest } from '../api/dto/webhooks.request';
import { DELIVER_JOB_BUDGET, deliverJobsOf, type DeliveryToAttempt } from '../domain/delivery-jobs';

/** Replay of the delivery log (D11.5), scoped to the calling API key. */
@Injectable()
export class WebhooksAdmin {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
  ) {}

  /**
   * Sends failed deliveries again: one by id, or every failed one recorded since a time. Each
   * gets one more attempt (jobs of up to 100 per destination), with the same `webhook-id`.
   */
  async retry(tenant: ApiKeyTenant, q: RetryDeliveriesRequest) {
    if (q.deliveryId === undefined && q.since === undefined) {
      throw ServiceError.invalidField('data.deliveryId', 'deliveryId or since is required');
    }
    if (q.deliveryId !== undefined) {
      const [found]: { status: string }[] = await this.dataSource.query(
        `SELECT status FROM webhook_deliveries WHERE api_key = $1 AND delivery_id = $2`,
        [tenant.apiKey, q.deliveryId],
      );
      if (!found) throw new ServiceError('NOT_FOUND', 'Delivery not found.');
      if (found.status !== 'failed') {
        throw new ServiceError(
          'FAILED_PRECONDITION',
          `The delivery is ${found.status}, not failed.`,
        );
      }
    }
    const retried = await this.dataSource.transaction(async (m) => {
      const rows: DeliveryToAttempt[] = await m.query(
        `WITH retried AS (UPDATE webhook_deliveries SET status = 'pending', max_attempts = attempts + 1,
           next_attempt_at = now(), last_error = NULL
         WHERE api_key = $1 AND status = 'failed' AND sealed_payload IS NOT NULL
           AND ($2::text IS NULL OR delivery_id = $2)
           AND ($3::bigint IS NULL OR created_at >= to_timestamp($3::bigint / 1000.0))
         RETURNING delivery_id, api_key, destination, attempts, seq)
         SELECT delivery_id AS "deliveryId", api_key AS "apiKey", destination, attempts
         FROM retried ORDER BY seq`,
        [tenant.apiKey, q.deliveryId ?? null, q.since ?? null],
      );
      // Each replay a round of its own: one asked for again (the first ended without an
      // attempt, its destination off) must not find the first's job done.
      const jobs = deliverJobsOf('replay', rows, randomUUID());
      await this.queue.enqueue(jobs, { maxAttempts: DELIVER_JOB_BUDGET }, m);
      return { deliveryIds: rows.map((r) => r.deliveryId), jobIds: jobs.map((j) => j.id) };
    });
    await this.queue.dispatch(retried.jobIds);
    return { deliveryIds: retried.deliveryIds };
  }
}
