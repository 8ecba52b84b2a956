import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The activity service settings of each API key (D7.4) beside the `activityServiceEnabled`
 * option, which stays the one switch: NULL until the key's activity config is first written.
 */
export class ActivityConfig1763856000018 implements MigrationInterface {
  name = 'ActivityConfig1763856000018';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN activity_config jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN activity_config`);
  }
}
