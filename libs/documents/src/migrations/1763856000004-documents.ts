import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read tables of the documents library (ids in the "C" collation, as organizations). */
export class Documents1763856000004 implements MigrationInterface {
  name = 'Documents1763856000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE documents (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        document_id text COLLATE "C" NOT NULL,
        document_name text NOT NULL,
        folder_id text COLLATE "C",
        access_type text NOT NULL,
        disabled boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at bigint NOT NULL,
        last_updated bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, document_id)
      )`);
    await q.query(`
      CREATE TABLE document_migrations (
        api_key text NOT NULL,
        migration_id text NOT NULL,
        organization_id text NOT NULL,
        document_id text NOT NULL,
        new_document_id text NOT NULL,
        status text NOT NULL,
        error text,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, migration_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE document_migrations`);
    await q.query(`DROP TABLE documents`);
  }
}
