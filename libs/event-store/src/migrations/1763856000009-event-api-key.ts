import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tenant (API key) of each event in a column of its own, from its metadata, so erasure
 * and per-tenant reads find one key's events by index instead of scanning every tenant's
 * payloads. Events appended without a key (workspace and admin events) keep NULL.
 */
export class EventApiKey1763856000009 implements MigrationInterface {
  name = 'EventApiKey1763856000009';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE events ADD COLUMN api_key text`);
    await q.query(
      `UPDATE events SET api_key = metadata->>'apiKey' WHERE metadata->>'apiKey' IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX events_api_key_type_idx ON events (api_key, type, global_position)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX events_api_key_type_idx`);
    await q.query(`ALTER TABLE events DROP COLUMN api_key`);
  }
}
