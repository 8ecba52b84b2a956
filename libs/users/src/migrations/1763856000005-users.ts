import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read table of the users library: one row per user record and scope (D8.1). */
export class Users1763856000005 implements MigrationInterface {
  name = 'Users1763856000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        scope_type text NOT NULL,
        scope_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        name text NOT NULL,
        email text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at bigint NOT NULL,
        last_updated bigint NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, scope_type, scope_id, user_id)
      )`);
    // Erasure (D8.3) finds every record of a user, whatever its organization and scope.
    await q.query(`CREATE INDEX users_user_idx ON users (api_key, user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
