import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The notification service switch of each API key (D9.8); existing keys start with it off. */
export class NotificationConfig1763856000012 implements MigrationInterface {
  name = 'NotificationConfig1763856000012';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys
        ADD COLUMN use_notification_service boolean NOT NULL DEFAULT false,
        ADD COLUMN notification_config jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE api_keys DROP COLUMN notification_config, DROP COLUMN use_notification_service`);
  }
}
