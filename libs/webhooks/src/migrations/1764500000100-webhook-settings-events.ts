import { randomUUID } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

interface ConfigRow {
  is_enabled: boolean;
  encrypt_data: boolean;
  encode_data: boolean;
  public_key: string;
  enable_data_protection: boolean;
  updated_at: Date;
}

interface EndpointRow {
  endpoint_id: string;
  seq: string;
  url: string;
  description: string | null;
  filter_types: string[] | null;
  channels: string[] | null;
  disabled: boolean;
  rate_limit: number | null;
  uid: string | null;
  metadata: Record<string, unknown> | null;
  sealed_secret: string;
  created_at: Date;
  updated_at: Date;
}

/**
 * Advanced webhook settings become event-sourced (stream `webhook-settings:<apiKey>`): each
 * key's configuration and endpoints, until now kept in tables only, are copied into its
 * stream as one `webhooks.advanced-settings-moved-in` event, so a rebuild gives them back.
 * An endpoint's `seq` is now given by the stream (it keeps its value; the event's `lastSeq` is
 * the highest seq the key may have used, so none is given twice); times are kept to the
 * millisecond, as events carry them; `version` guards the projection.
 */
export class WebhookSettingsEvents1764500000100 implements MigrationInterface {
  name = 'WebhookSettingsEvents1764500000100';

  async up(q: QueryRunner): Promise<void> {
    // Every seq so far came from one sequence shared by all keys: its last value is at least
    // each key's highest seq, deleted endpoints' included (a key's max(seq) would miss those).
    const [{ sequence }]: { sequence: string }[] = await q.query(
      `SELECT pg_get_serial_sequence('webhook_endpoints', 'seq') AS sequence`,
    );
    const [{ last }]: { last: string }[] = await q.query(
      `SELECT (CASE WHEN is_called THEN last_value ELSE last_value - 1 END)::text AS last
       FROM ${sequence}`,
    );
    await q.query(`ALTER TABLE webhook_endpoints ALTER COLUMN seq DROP IDENTITY`);
    for (const table of ['webhook_endpoints', 'webhook_advanced_configs']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN version bigint NOT NULL DEFAULT 0`);
    }
    await q.query(`UPDATE webhook_advanced_configs
      SET updated_at = date_trunc('milliseconds', updated_at), version = 1`);
    await q.query(`UPDATE webhook_endpoints SET created_at = date_trunc('milliseconds', created_at),
      updated_at = date_trunc('milliseconds', updated_at), version = 1`);
    const keys: { api_key: string; workspace_id: string | null }[] = await q.query(
      `SELECT k.api_key, a.workspace_id FROM (
         SELECT api_key FROM webhook_advanced_configs UNION SELECT api_key FROM webhook_endpoints
       ) k LEFT JOIN api_keys a ON a.api_key = k.api_key ORDER BY k.api_key`,
    );
    for (const { api_key: apiKey, workspace_id: workspaceId } of keys) {
      const [c]: ConfigRow[] = await q.query(
        `SELECT * FROM webhook_advanced_configs WHERE api_key = $1`,
        [apiKey],
      );
      const endpoints: EndpointRow[] = await q.query(
        `SELECT *, seq::text AS seq FROM webhook_endpoints e WHERE api_key = $1 ORDER BY e.seq`,
        [apiKey],
      );
      const data = {
        apiKey,
        config: c
          ? {
              isEnabled: c.is_enabled,
              encryptData: c.encrypt_data,
              encodeData: c.encode_data,
              publicKey: c.public_key,
              enableDataProtection: c.enable_data_protection,
            }
          : null,
        configUpdatedAt: c ? new Date(c.updated_at).getTime() : null,
        endpoints: endpoints.map((e) => ({
          endpointId: e.endpoint_id,
          seq: Number(e.seq),
          url: e.url,
          description: e.description,
          filterTypes: e.filter_types,
          channels: e.channels,
          disabled: e.disabled,
          rateLimit: e.rate_limit,
          uid: e.uid,
          metadata: e.metadata,
          sealedSecret: e.sealed_secret,
          createdAt: new Date(e.created_at).getTime(),
          updatedAt: new Date(e.updated_at).getTime(),
        })),
        lastSeq: Math.max(Number(last), ...endpoints.map((e) => Number(e.seq))),
      };
      const streamId = `webhook-settings:${encodeURIComponent(apiKey)}`;
      await q.query(
        `INSERT INTO streams (stream_id, stream_type, version) VALUES ($1, 'webhook-settings', 1)`,
        [streamId],
      );
      const metadata = {
        ...(workspaceId && { workspaceId }),
        apiKey,
        actor: 'migration:WebhookSettingsEvents1764500000100',
      };
      await q.query(
        `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, api_key)
         VALUES ($1, $2, 1, 'webhooks.advanced-settings-moved-in', $3::jsonb, $4::jsonb, $5)`,
        [randomUUID(), streamId, JSON.stringify(data), JSON.stringify(metadata), apiKey],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    // The identity goes on after every seq ever given, deleted endpoints' included.
    const [{ next }]: { next: string }[] = await q.query(
      `SELECT (COALESCE(GREATEST(
         (SELECT max(seq) FROM webhook_endpoints),
         (SELECT max((data->'endpoint'->>'seq')::bigint) FROM events
          WHERE type = 'webhooks.endpoint-added'),
         (SELECT max((data->>'lastSeq')::bigint) FROM events
          WHERE type = 'webhooks.advanced-settings-moved-in')
       ), 0) + 1)::text AS next`,
    );
    await q.query(`DELETE FROM events WHERE stream_id LIKE 'webhook-settings:%'`);
    await q.query(`DELETE FROM streams WHERE stream_type = 'webhook-settings'`);
    for (const table of ['webhook_endpoints', 'webhook_advanced_configs']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN version`);
    }
    await q.query(
      `ALTER TABLE webhook_endpoints ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (START WITH ${Number(next)})`,
    );
  }
}
