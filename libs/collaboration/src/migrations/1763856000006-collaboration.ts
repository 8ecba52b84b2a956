import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read table of the collaboration library: every record of every kind, whole, in `record`. */
export class Collaboration1763856000006 implements MigrationInterface {
  name = 'Collaboration1763856000006';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE collab_records (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        kind text NOT NULL,
        record_id text COLLATE "C" NOT NULL,
        location_id text,
        user_ids text[] NOT NULL DEFAULT '{}',
        record jsonb NOT NULL,
        created_at bigint NOT NULL,
        last_updated bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, kind, document_id, record_id)
      )`);
    await q.query(
      `CREATE INDEX collab_records_document_idx ON collab_records (api_key, organization_id, document_id, location_id)`,
    );
    // Erasure (D8.3) finds every record involving a user: author, commenter, tagged, present.
    await q.query(`CREATE INDEX collab_records_users_idx ON collab_records USING gin (user_ids)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE collab_records`);
  }
}
