import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deliveries are their own queue: a delivery worker claims due rows until `claimed_until`
 * (renewed while it holds them; a killed process's claims lapse). The jobs that attempted
 * deliveries before are not run any more: the rows they would have attempted are due.
 */
export class WebhookDeliveriesQueue1764500000000 implements MigrationInterface {
  name = 'WebhookDeliveriesQueue1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN claimed_until timestamptz`);
    await q.query(
      `UPDATE jobs SET status = 'completed', completed_at = now(), updated_at = now()
       WHERE name = 'webhooks.deliver' AND status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN claimed_until`);
  }
}
