import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read table of the access library: one row per user, organization and resource (D15.1). */
export class AccessPermissions1764400000400 implements MigrationInterface {
  name = 'AccessPermissions1764400000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE access_permissions (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        resource_type text NOT NULL,
        resource_id text COLLATE "C" NOT NULL,
        access_role text NOT NULL,
        expires_at bigint,
        granted_at bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, user_id, resource_type, resource_id)
      )`);
    // Erasure (D8.3) finds a user's permissions whatever their organization.
    await q.query(
      `CREATE INDEX access_permissions_user_idx ON access_permissions (api_key, user_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE access_permissions`);
  }
}
