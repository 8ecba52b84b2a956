import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Batched delivery: an endpoint's rate-limit window records what its last request was
 * granted (a sender takes several slots of a second in one statement: `takeRateSlots`), and
 * pending deliveries are found by when they are due (WebhookHousekeeping).
 */
export class WebhookBatchedDelivery1764200000000 implements MigrationInterface {
  name = 'WebhookBatchedDelivery1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_rate_windows ADD COLUMN granted int NOT NULL DEFAULT 0`);
    await q.query(
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
       WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_deliveries_due`);
    await q.query(`ALTER TABLE webhook_rate_windows DROP COLUMN granted`);
  }
}
