import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read tables of the organizations library. Ids use the "C" collation: keyset pages order
 * and compare by bytes, the same on Postgres and the embedded database, and the primary key
 * index serves that order.
 */
export class Organizations1763856000003 implements MigrationInterface {
  name = 'Organizations1763856000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        organization_name text NOT NULL,
        disabled boolean NOT NULL DEFAULT false,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at bigint NOT NULL,
        last_updated bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id)
      )`);
    await q.query(`
      CREATE TABLE folders (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        folder_id text COLLATE "C" NOT NULL,
        folder_name text NOT NULL,
        parent_folder_id text COLLATE "C",
        ancestors text[] NOT NULL DEFAULT '{}',
        created_at bigint NOT NULL,
        last_updated bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, folder_id)
      )`);
    await q.query(
      `CREATE INDEX folders_parent_idx ON folders (api_key, organization_id, parent_folder_id)`,
    );
    // Finds everything under a folder (`ancestors @> ARRAY[id]`) for moves and subtree reads.
    await q.query(`CREATE INDEX folders_ancestors_idx ON folders USING gin (ancestors)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE folders`);
    await q.query(`DROP TABLE organizations`);
  }
}
