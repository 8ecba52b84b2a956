import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An endpoint's rate-limit window records what its last request was granted, so that a
 * sender takes several slots of a second in one statement (see `takeRateSlots`).
 */
export class WebhookRateGrants1764200000000 implements MigrationInterface {
  name = 'WebhookRateGrants1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_rate_windows ADD COLUMN granted int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_rate_windows DROP COLUMN granted`);
  }
}
