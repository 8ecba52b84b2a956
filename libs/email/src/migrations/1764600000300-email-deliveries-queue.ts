import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `email_deliveries` rows are the send queue (D14.4): `sending` marks a row a worker holds
 * for a send now (its lease in `claimed_until`), as against one waiting for its retry (the
 * retry's time in `claimed_until`); a partial index on when each queued row is due (its lease
 * or retry time, else its creation) serves the workers' claims: rows waiting for a retry or
 * held by a send are not read, so a relay outage with many queued rows costs a poll nothing.
 */
export class EmailDeliveriesQueue1764600000300 implements MigrationInterface {
  name = 'EmailDeliveriesQueue1764600000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE email_deliveries ADD COLUMN sending boolean NOT NULL DEFAULT false`);
    await q.query(
      `CREATE INDEX email_deliveries_due
       ON email_deliveries ((COALESCE(claimed_until, created_at)))
       WHERE status = 'queued'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX email_deliveries_due`);
    await q.query(`ALTER TABLE email_deliveries DROP COLUMN sending`);
  }
}
