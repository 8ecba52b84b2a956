import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Read tables of the workspaces library. */
export class Workspaces1763856000002 implements MigrationInterface {
  name = 'Workspaces1763856000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE workspaces (
        id text PRIMARY KEY,
        name text NOT NULL,
        owner_email text NOT NULL,
        owner_name text NOT NULL,
        auth_token_digest text NOT NULL,
        ai_providers jsonb NOT NULL DEFAULT '{}',
        version bigint NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE api_keys (
        api_key text PRIMARY KEY,
        workspace_id text NOT NULL,
        settings jsonb NOT NULL,
        allowed_domains jsonb NOT NULL DEFAULT '[]',
        use_webhook_service boolean NOT NULL DEFAULT false,
        webhook_config jsonb NOT NULL DEFAULT '{}',
        sealed_webhook_secret text NOT NULL,
        options jsonb NOT NULL,
        version bigint NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id)`);
    await q.query(`
      CREATE TABLE auth_tokens (
        token_digest text PRIMARY KEY,
        api_key text NOT NULL,
        token_id text NOT NULL,
        name text NOT NULL,
        domains jsonb NOT NULL DEFAULT '[]',
        sealed_token text NOT NULL,
        stream_version bigint NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX auth_tokens_api_key_idx ON auth_tokens (api_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth_tokens`);
    await q.query(`DROP TABLE api_keys`);
    await q.query(`DROP TABLE workspaces`);
  }
}
