import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import {
  AdvancedConfigUpdated,
  AdvancedSettingsMovedIn,
  EndpointAdded,
  EndpointDeleted,
  EndpointUpdated,
  type AdvancedConfig,
  type StoredEndpoint,
} from '../domain/webhook-settings.events';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Keeps `webhook_advanced_configs` and `webhook_endpoints` current from each API key's
 * webhook settings stream, guarded by stream version. Delivery and reads use these tables.
 */
@Projection()
@Injectable()
export class WebhookSettingsProjection implements InlineProjection {
  readonly tables = ['webhook_advanced_configs', 'webhook_endpoints'];
  readonly handles = [
    AdvancedConfigUpdated.type,
    EndpointAdded.type,
    EndpointUpdated.type,
    EndpointDeleted.type,
    AdvancedSettingsMovedIn.type,
  ];

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const version = event.streamVersion;
      if (AdvancedConfigUpdated.is(event)) {
        await this.putConfig(m, event.data.apiKey, event.data.config, event.data.at, version);
      } else if (EndpointAdded.is(event)) {
        await this.addEndpoints(m, event.data.apiKey, [event.data.endpoint], version);
      } else if (EndpointUpdated.is(event)) {
        const c = event.data.changes;
        await m.query(
          `UPDATE webhook_endpoints SET url = COALESCE($4, url),
             description = COALESCE($5, description), filter_types = COALESCE($6, filter_types),
             channels = COALESCE($7, channels), disabled = COALESCE($8, disabled),
             rate_limit = COALESCE($9, rate_limit), metadata = COALESCE($10::jsonb, metadata),
             updated_at = $11, version = $3
           WHERE api_key = $1 AND endpoint_id = $2 AND version < $3`,
          [
            event.data.apiKey,
            event.data.endpointId,
            version,
            c.url ?? null,
            c.description ?? null,
            c.filterTypes ?? null,
            c.channels ?? null,
            c.disabled ?? null,
            c.rateLimit ?? null,
            c.metadata ? JSON.stringify(c.metadata) : null,
            iso(event.data.at),
          ],
        );
      } else if (EndpointDeleted.is(event)) {
        await m.query(
          `DELETE FROM webhook_endpoints WHERE api_key = $1 AND endpoint_id = $2 AND version < $3`,
          [event.data.apiKey, event.data.endpointId, version],
        );
      } else if (AdvancedSettingsMovedIn.is(event)) {
        const { apiKey, config, configUpdatedAt, endpoints } = event.data;
        if (config) await this.putConfig(m, apiKey, config, configUpdatedAt ?? 0, version);
        await this.addEndpoints(m, apiKey, endpoints, version);
      }
    }
  }

  private async putConfig(
    m: EntityManager,
    apiKey: string,
    c: AdvancedConfig,
    at: number,
    version: number,
  ): Promise<void> {
    await m.query(
      `INSERT INTO webhook_advanced_configs AS w (api_key, is_enabled, encrypt_data, encode_data,
         public_key, enable_data_protection, updated_at, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (api_key) DO UPDATE SET is_enabled = $2, encrypt_data = $3,
         encode_data = $4, public_key = $5, enable_data_protection = $6, updated_at = $7,
         version = $8
       WHERE w.version < $8`,
      [
        apiKey,
        c.isEnabled,
        c.encryptData,
        c.encodeData,
        c.publicKey,
        c.enableDataProtection,
        iso(at),
        version,
      ],
    );
  }

  private async addEndpoints(
    m: EntityManager,
    apiKey: string,
    endpoints: StoredEndpoint[],
    version: number,
  ): Promise<void> {
    if (endpoints.length === 0) return;
    await m.query(
      `INSERT INTO webhook_endpoints (endpoint_id, seq, api_key, url, description, filter_types,
         channels, disabled, rate_limit, uid, metadata, sealed_secret, created_at, updated_at,
         version)
       SELECT e.endpoint_id, e.seq, $2, e.url, e.description, e.filter_types, e.channels,
         e.disabled, e.rate_limit, e.uid, e.metadata, e.sealed_secret, e.created_at,
         e.updated_at, $3
       FROM json_to_recordset($1::json) AS e(endpoint_id text, seq bigint, url text,
         description text, filter_types text[], channels text[], disabled boolean,
         rate_limit int, uid text, metadata jsonb, sealed_secret text, created_at timestamptz,
         updated_at timestamptz)
       ON CONFLICT (endpoint_id) DO NOTHING`,
      [
        JSON.stringify(
          endpoints.map((e) => ({
            endpoint_id: e.endpointId,
            seq: e.seq,
            url: e.url,
            description: e.description,
            filter_types: e.filterTypes,
            channels: e.channels,
            disabled: e.disabled,
            rate_limit: e.rateLimit,
            uid: e.uid,
            metadata: e.metadata,
            sealed_secret: e.sealedSecret,
            created_at: iso(e.createdAt),
            updated_at: iso(e.updatedAt),
          })),
        ),
        apiKey,
        version,
      ],
    );
  }
}
