import type { MigrationInterface, QueryRunner } from 'typeorm';

/** streams / events / checkpoints (ARCHITECTURE "Event store"). */
export class EventStore1763856000001 implements MigrationInterface {
  name = 'EventStore1763856000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE streams (
        stream_id text PRIMARY KEY,
        stream_type text NOT NULL,
        version bigint NOT NULL
      )`);
    await q.query(`
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        stream_id text NOT NULL,
        stream_version bigint NOT NULL,
        type text NOT NULL,
        schema_version int NOT NULL DEFAULT 1,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (stream_id, stream_version)
      )`);
    await q.query(
      `CREATE INDEX events_subscription_order_idx ON events (transaction_id, global_position)`,
    );
    await q.query(`
      CREATE TABLE checkpoints (
        subscription_id text PRIMARY KEY,
        position bigint NOT NULL DEFAULT 0,
        transaction_id xid8 NOT NULL DEFAULT '0',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE checkpoints`);
    await q.query(`DROP TABLE events`);
    await q.query(`DROP TABLE streams`);
  }
}
