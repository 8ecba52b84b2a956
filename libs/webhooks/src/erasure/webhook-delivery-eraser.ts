import { Injectable } from '@nestjs/common';
import { SubscriptionRunner } from '@app/event-store';
import {
  Eraser,
  SecretBox,
  type ErasureFootprint,
  type ErasureSubject,
  type UserDataEraser,
} from '@app/platform';
import { DataSource } from 'typeorm';
import { WEBHOOK_TRIGGER_SUBSCRIPTION } from '../trigger/webhook-trigger.subscriber';
import { openPayload } from '../domain/stored-payload';
import { DeliveryWorker } from '../delivery/delivery-worker';

export const WEBHOOK_DELIVERIES_KIND = 'webhook-deliveries';

/**
 * Erases users from the delivery log (D8.3): a delivery whose payload names them (by id in
 * its indexed `user_ids`, or by id, name or email anywhere in its text) loses its payload,
 * its user ids and the answers kept of its attempts; one not sent yet is not sent. The rest
 * of the row (when, where, which status) stays in the log.
 */
const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a string value of the payload (keys are ours, not the users') names one of the
 * words as a whole word: the id `ann` is not in `annotationId` or `"annotation-1"`.
 */
function mentions(payload: unknown, words: string[]): boolean {
  const patterns = words.map(
    (w) => new RegExp(`(?<![\\p{L}\\p{N}_])${escaped(w)}(?![\\p{L}\\p{N}_])`, 'iu'),
  );
  const visit = (value: unknown): boolean =>
    typeof value === 'string'
      ? patterns.some((p) => p.test(value))
      : Array.isArray(value)
        ? value.some(visit)
        : value !== null && typeof value === 'object'
          ? Object.values(value).some(visit)
          : false;
  return visit(payload);
}

@Injectable()
@Eraser()
export class WebhookDeliveryEraser implements UserDataEraser {
  readonly kinds = [WEBHOOK_DELIVERIES_KIND];
  /**
   * After every data task of the organization: a data task's subscriptions (derived activity
   * records, derived notifications) may still log a change whose delivery names the users
   * until that task has caught them up and erased what they made.
   */
  readonly stage = 'identity';

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    private readonly subscriptions: SubscriptionRunner,
    private readonly worker: DeliveryWorker,
  ) {}

  async locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint> {
    const rows: { organization_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM webhook_deliveries
       WHERE api_key = $1 AND user_ids && $2::text[] AND organization_id IS NOT NULL`,
      [apiKey, userIds],
    );
    return { organizations: rows.map((r) => r.organization_id) };
  }

  async erase(_kind: string, subject: ErasureSubject): Promise<number> {
    const { apiKey, organizationId, userIds, words } = subject;
    // Deliveries are made from the log: until the trigger has read every event naming the
    // users, one could still be made after this pass. Throwing retries the task later.
    if (!(await this.subscriptions.isCaughtUp(WEBHOOK_TRIGGER_SUBSCRIPTION))) {
      throw new Error('webhook trigger not caught up yet');
    }
    const needles = [...new Set([...userIds, ...words])].filter((w) => w.length > 0);
    const candidates: { delivery_id: string; sealed_payload: string; named: boolean }[] =
      await this.dataSource.query(
        `SELECT delivery_id, sealed_payload, user_ids && $3::text[] AS named
         FROM webhook_deliveries
         WHERE api_key = $1 AND organization_id = $2 AND sealed_payload IS NOT NULL`,
        [apiKey, organizationId, userIds],
      );
    const erase = candidates
      .filter(
        (c) => c.named || mentions(JSON.parse(openPayload(this.box, c.sealed_payload)), needles),
      )
      .map((c) => c.delivery_id);
    // Ids in user_ids outlive a pruned or erased payload: cleared wherever they are left.
    const stale: { delivery_id: string }[] = await this.dataSource.query(
      `SELECT delivery_id FROM webhook_deliveries
       WHERE api_key = $1 AND organization_id = $2 AND user_ids && $3::text[]`,
      [apiKey, organizationId, userIds],
    );
    const ids = [...new Set([...erase, ...stale.map((s) => s.delivery_id)])];
    if (ids.length === 0) return 0;
    // Not kept in memory either; a claimed one is read again before it is sent.
    this.worker.fresh.forget(ids);
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `UPDATE webhook_deliveries SET sealed_payload = NULL, user_ids = '{}',
           status = CASE WHEN status = 'pending' THEN 'failed' ELSE status END,
           last_error = CASE WHEN status = 'pending' THEN 'payload erased' ELSE last_error END,
           next_attempt_at = NULL, claimed_until = NULL
         WHERE delivery_id = ANY($1::text[])`,
        [ids],
      );
      await m.query(
        `UPDATE webhook_attempts SET response = NULL WHERE delivery_id = ANY($1::text[])`,
        [ids],
      );
    });
    return ids.length;
  }
}
