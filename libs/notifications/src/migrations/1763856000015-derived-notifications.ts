import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Derived notifications (D9.7, D9.8).
 *
 * - `notifications.held_until`: set while a derived notification is held back (a delay, a
 *   batch window). Operation 22 skips such rows on its index walks and the inbox holds none
 *   of them, so the keyset indexes stay as they are.
 * - `notification_batches`: one row per batching scope (an API key's organization and a
 *   document, or a user), keyed by a digest of those ids (no user id is stored): its latest
 *   window and digest notification, how many changes that holds, and the log position of the
 *   newest event folded in, so an event handled again changes nothing.
 */
export class DerivedNotifications1763856000015 implements MigrationInterface {
  name = 'DerivedNotifications1763856000015';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE notifications ADD COLUMN held_until bigint`);
    await q.query(`
      CREATE TABLE notification_batches (
        batch_key text COLLATE "C" PRIMARY KEY,
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        scope text NOT NULL,
        seq int NOT NULL,
        notification_id text COLLATE "C" NOT NULL,
        window_start bigint NOT NULL,
        closes_at bigint NOT NULL,
        activities int NOT NULL,
        closed boolean NOT NULL,
        last_transaction_id xid8 NOT NULL,
        last_position bigint NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_batches`);
    await q.query(`ALTER TABLE notifications DROP COLUMN held_until`);
  }
}
