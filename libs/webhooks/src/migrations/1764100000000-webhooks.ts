import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook delivery (D11): deliveries and their attempts (the delivery log), advanced
 * endpoints and their configuration, and per-second windows of endpoint rate limits.
 */
export class Webhooks1764100000000 implements MigrationInterface {
  name = 'Webhooks1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_deliveries (
        delivery_id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        api_key text NOT NULL,
        organization_id text,
        event_id text NOT NULL,
        event_type text NOT NULL,
        destination text NOT NULL,
        endpoint_id text,
        url text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        attempts int NOT NULL DEFAULT 0,
        max_attempts int NOT NULL,
        sealed_payload text,
        user_ids text[] NOT NULL DEFAULT '{}',
        event_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz,
        first_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_http_status int,
        last_error text
      )`);
    await q.query(
      `CREATE UNIQUE INDEX webhook_deliveries_log ON webhook_deliveries (api_key, seq)`,
    );
    await q.query(
      `CREATE INDEX webhook_deliveries_failed ON webhook_deliveries (api_key, status, created_at)`,
    );
    await q.query(`CREATE INDEX webhook_deliveries_age ON webhook_deliveries (created_at)`);
    await q.query(
      `CREATE INDEX webhook_deliveries_users ON webhook_deliveries USING gin (user_ids)`,
    );
    await q.query(`
      CREATE TABLE webhook_attempts (
        delivery_id text NOT NULL REFERENCES webhook_deliveries ON DELETE CASCADE,
        attempt int NOT NULL,
        attempted_at timestamptz NOT NULL,
        http_status int,
        duration_ms int NOT NULL,
        response text,
        error text,
        PRIMARY KEY (delivery_id, attempt)
      )`);
    await q.query(`
      CREATE TABLE webhook_advanced_configs (
        api_key text PRIMARY KEY,
        is_enabled boolean NOT NULL,
        encrypt_data boolean NOT NULL DEFAULT false,
        encode_data boolean NOT NULL DEFAULT false,
        public_key text NOT NULL DEFAULT '',
        enable_data_protection boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_endpoints (
        endpoint_id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        api_key text NOT NULL,
        url text NOT NULL,
        description text,
        filter_types text[],
        channels text[],
        disabled boolean NOT NULL DEFAULT false,
        rate_limit int,
        uid text,
        metadata jsonb,
        sealed_secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX webhook_endpoints_key ON webhook_endpoints (api_key, seq)`);
    await q.query(`
      CREATE TABLE webhook_rate_windows (
        endpoint_id text NOT NULL,
        window_start bigint NOT NULL,
        count int NOT NULL,
        PRIMARY KEY (endpoint_id, window_start)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_rate_windows`);
    await q.query(`DROP TABLE webhook_endpoints`);
    await q.query(`DROP TABLE webhook_advanced_configs`);
    await q.query(`DROP TABLE webhook_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
  }
}
