import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Email delivery (D14.4): one row per (notification, recipient), its id derived from both so a
 * replanned email is the same row. The row is the email's state and its log: `queued` rows hold
 * the sealed message until it is sent, failed or erased; `claimed_until` is the lease of the
 * run sending it (or the time its retry is due); `actor_user_ids` names the users the message
 * tells of, so erasure finds them.
 */
export class EmailDeliveries1764600000100 implements MigrationInterface {
  name = 'EmailDeliveries1764600000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE email_deliveries (
        id text PRIMARY KEY,
        api_key text NOT NULL,
        organization_id text NOT NULL,
        document_id text NOT NULL,
        notification_id text NOT NULL,
        user_id text NOT NULL,
        actor_user_ids text[] NOT NULL DEFAULT '{}',
        provider text NOT NULL,
        status text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        message_sealed text,
        last_error text,
        provider_message_id text,
        claimed_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        sent_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX email_deliveries_log ON email_deliveries (api_key, created_at DESC, id DESC)`,
    );
    await q.query(`CREATE INDEX email_deliveries_users ON email_deliveries (api_key, user_id)`);
    await q.query(
      `CREATE INDEX email_deliveries_actors ON email_deliveries USING gin (actor_user_ids)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_deliveries`);
  }
}
