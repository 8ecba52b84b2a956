import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Poison events: a checkpoint remembers the event its subscriber keeps failing on (so the
 * count survives restarts and is shared by every instance), and `parked_events` keeps the
 * events given up on, with their error, for an operator to retry.
 */
export class ParkedEvents1763856000008 implements MigrationInterface {
  name = 'ParkedEvents1763856000008';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE checkpoints
        ADD COLUMN failing_position bigint,
        ADD COLUMN failures int NOT NULL DEFAULT 0,
        ADD COLUMN last_error text`);
    // No stream id: user-record stream ids name the user, and erasure does not look here.
    await q.query(`
      CREATE TABLE parked_events (
        id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        subscription_id text NOT NULL,
        global_position bigint NOT NULL,
        transaction_id xid8 NOT NULL,
        event_id uuid NOT NULL,
        type text NOT NULL,
        error text NOT NULL,
        attempts int NOT NULL,
        parked_at timestamptz NOT NULL DEFAULT now(),
        retried_at timestamptz,
        PRIMARY KEY (subscription_id, global_position)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE parked_events`);
    await q.query(`
      ALTER TABLE checkpoints
        DROP COLUMN failing_position, DROP COLUMN failures, DROP COLUMN last_error`);
  }
}
