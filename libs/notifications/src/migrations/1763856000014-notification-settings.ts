import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read table of per-user notification settings (D9.6): one row per user and level,
 * `document_id` '' at organization level, `channels` the stored values (channel → value).
 * The key leads with the user, so both levels of one user on one document are one range.
 */
export class NotificationSettings1763856000014 implements MigrationInterface {
  name = 'NotificationSettings1763856000014';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_settings (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        channels jsonb NOT NULL DEFAULT '{}',
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, user_id, document_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_settings`);
  }
}
