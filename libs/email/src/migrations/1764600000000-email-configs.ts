import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The email configuration of each API key (D14.1), projected from its `email-settings`
 * stream: the SendGrid key sealed, `triggers` as the caller set them (NULL: none yet). A key
 * without a row reads what operation 1 set on `api_keys`.
 */
export class EmailConfigs1764600000000 implements MigrationInterface {
  name = 'EmailConfigs1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_configs (
        api_key text PRIMARY KEY,
        use_email_service boolean NOT NULL,
        type text NOT NULL,
        sealed_api_key text NOT NULL,
        from_email text NOT NULL,
        from_company text NOT NULL,
        comment_template_id text NOT NULL,
        tag_template_id text NOT NULL,
        triggers jsonb,
        updated_at timestamptz NOT NULL,
        version bigint NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_configs`);
  }
}
