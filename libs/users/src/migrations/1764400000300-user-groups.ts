import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organization user groups and their members (hosted usergroups calls), and the traces that
 * let erasure (D8.3) find streams naming a user after their read rows are gone.
 */
export class UserGroups1764400000300 implements MigrationInterface {
  name = 'UserGroups1764400000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_groups (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        group_id text COLLATE "C" NOT NULL,
        group_name text NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, group_id)
      )`);
    await q.query(`
      CREATE TABLE user_group_members (
        api_key text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        group_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        added_at bigint NOT NULL,
        PRIMARY KEY (api_key, organization_id, group_id, user_id)
      )`);
    // users/get's group filter asks, for each user of a page, whether they are in a group.
    await q.query(
      `CREATE INDEX user_group_members_user_idx ON user_group_members (api_key, organization_id, user_id, group_id)`,
    );
    // One row per stream of this library that names a user and may outlive their read rows
    // (a removed record, their memberships), with the name and email they were known by.
    await q.query(`
      CREATE TABLE user_stream_traces (
        api_key text NOT NULL,
        stream_id text NOT NULL,
        organization_id text COLLATE "C" NOT NULL,
        user_id text COLLATE "C" NOT NULL,
        name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        PRIMARY KEY (api_key, stream_id)
      )`);
    await q.query(
      `CREATE INDEX user_stream_traces_user_idx ON user_stream_traces (api_key, user_id, organization_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_stream_traces`);
    await q.query(`DROP TABLE user_group_members`);
    await q.query(`DROP TABLE user_groups`);
  }
}
