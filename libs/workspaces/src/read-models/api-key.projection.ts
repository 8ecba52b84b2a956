import { Injectable } from '@nestjs/common';
import { Projection, type InlineProjection, type RecordedEvent } from '@app/event-store';
import { AfterCommit } from '@app/platform';
import type { EntityManager } from 'typeorm';
import { invalidateCredentials } from '../auth/credential-cache';
import {
  ActivityConfigUpdated,
  ApiKeyCreated,
  ApiKeyOptionsUpdated,
  ApiKeyRenamed,
  AuthTokenIssued,
  AuthTokenReset,
  DomainsAdded,
  DomainsRemoved,
  KeyAiModelKeysUpdated,
  NotificationConfigUpdated,
  WebhookConfigUpdated,
} from '../domain/api-key.events';

const keyOf = (streamId: string) => streamId.replace(/^api-key-/, '');

/**
 * The events that change what the guards keep of a valid credential (its token's digest and
 * domains, its key's options): only these empty their cache. A new key or token needs no
 * emptying, as a refusal is never kept.
 */
const CHANGES_CREDENTIALS = new Set<string>([
  AuthTokenReset.type,
  ApiKeyOptionsUpdated.type,
  ActivityConfigUpdated.type,
]);

/** Keeps `api_keys` and `auth_tokens` current; every write is guarded by stream version. */
@Projection()
@Injectable()
export class ApiKeyProjection implements InlineProjection {
  readonly tables = ['api_keys', 'auth_tokens'];
  readonly handles = [
    ApiKeyCreated.type,
    AuthTokenIssued.type,
    AuthTokenReset.type,
    DomainsAdded.type,
    DomainsRemoved.type,
    ApiKeyRenamed.type,
    WebhookConfigUpdated.type,
    NotificationConfigUpdated.type,
    ApiKeyOptionsUpdated.type,
    ActivityConfigUpdated.type,
    KeyAiModelKeysUpdated.type,
  ];

  constructor(private readonly afterCommit: AfterCommit) {}

  async project(events: RecordedEvent[], m: EntityManager): Promise<void> {
    if (events.some((e) => CHANGES_CREDENTIALS.has(e.type))) {
      invalidateCredentials(m, this.afterCommit);
    }
    for (const event of events) {
      const v = event.streamVersion;
      const apiKey = keyOf(event.streamId);
      if (ApiKeyCreated.is(event)) {
        const {
          apiKey: _k,
          workspaceId,
          allowedDomains,
          useWebhookService,
          webhookServiceConfig,
          sealedWebhookSecret,
          options,
          createdAt,
          ...settings
        } = event.data;
        await m.query(
          `INSERT INTO api_keys (api_key, workspace_id, settings, allowed_domains, use_webhook_service,
             webhook_config, sealed_webhook_secret, options, version, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10 / 1000.0)) ON CONFLICT (api_key) DO NOTHING`,
          [
            apiKey,
            workspaceId,
            JSON.stringify(settings),
            JSON.stringify(allowedDomains),
            useWebhookService,
            JSON.stringify(webhookServiceConfig),
            sealedWebhookSecret,
            JSON.stringify(options),
            v,
            createdAt,
          ],
        );
        continue;
      }
      if (AuthTokenIssued.is(event) || AuthTokenReset.is(event)) {
        // Guarded by the key row's version, as every write here: a redelivery changes nothing.
        const [row] = await m.query(`SELECT version FROM api_keys WHERE api_key = $1`, [apiKey]);
        if (row && Number(row.version) >= v) continue;
        if (AuthTokenReset.is(event)) {
          await m.query(
            `DELETE FROM auth_tokens WHERE api_key = $1 AND token_id = ANY($2::text[])`,
            [apiKey, event.data.revokedTokenIds],
          );
        }
        const d = AuthTokenReset.is(event) ? event.data.token : event.data;
        await m.query(
          `INSERT INTO auth_tokens (token_digest, api_key, token_id, name, domains, sealed_token, stream_version, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8 / 1000.0)) ON CONFLICT (token_digest) DO NOTHING`,
          [
            d.tokenDigest,
            apiKey,
            d.tokenId,
            d.name,
            JSON.stringify(d.domains),
            d.sealedToken,
            v,
            d.createdAt,
          ],
        );
        await this.update(m, apiKey, v, '', []);
      } else if (DomainsAdded.is(event)) {
        await this.update(m, apiKey, v, 'allowed_domains = allowed_domains || $3::jsonb', [
          JSON.stringify(event.data.domains),
        ]);
      } else if (DomainsRemoved.is(event)) {
        await this.update(
          m,
          apiKey,
          v,
          `allowed_domains = COALESCE(
             (SELECT jsonb_agg(d ORDER BY i) FROM jsonb_array_elements_text(allowed_domains)
                WITH ORDINALITY AS kept(d, i) WHERE d <> ALL($3::text[])),
             '[]'::jsonb)`,
          [event.data.domains],
        );
      } else if (ApiKeyRenamed.is(event)) {
        await this.update(
          m,
          apiKey,
          v,
          `settings = jsonb_set(settings, '{apiKeyName}', $3::jsonb)`,
          [JSON.stringify(event.data.apiKeyName)],
        );
      } else if (WebhookConfigUpdated.is(event)) {
        await this.update(m, apiKey, v, 'use_webhook_service = $3, webhook_config = $4::jsonb', [
          event.data.useWebhookService,
          JSON.stringify(event.data.webhookServiceConfig),
        ]);
      } else if (NotificationConfigUpdated.is(event)) {
        await this.update(
          m,
          apiKey,
          v,
          'use_notification_service = $3, notification_config = $4::jsonb',
          [event.data.useNotificationService, JSON.stringify(event.data.notificationServiceConfig)],
        );
      } else if (ActivityConfigUpdated.is(event)) {
        const { isEnabled, ...settings } = event.data.activityServiceConfig;
        await this.update(
          m,
          apiKey,
          v,
          `activity_config = $3::jsonb,
           options = jsonb_set(options, '{activityServiceEnabled}', to_jsonb($4::boolean))`,
          [JSON.stringify(settings), isEnabled],
        );
      } else if (KeyAiModelKeysUpdated.is(event)) {
        await this.update(m, apiKey, v, 'ai_model_keys = $3::jsonb', [
          JSON.stringify(event.data.aiModelKeys),
        ]);
      } else if (ApiKeyOptionsUpdated.is(event)) {
        await this.update(m, apiKey, v, 'options = $3::jsonb', [
          JSON.stringify(event.data.options),
        ]);
      }
    }
  }

  /** Applies `set` only if the row has not seen this stream version yet. */
  private async update(
    m: EntityManager,
    apiKey: string,
    version: number,
    set: string,
    params: unknown[],
  ): Promise<void> {
    await m.query(
      `UPDATE api_keys SET ${set ? set + ', ' : ''}version = $2 WHERE api_key = $1 AND version < $2`,
      [apiKey, version, ...params],
    );
  }
}
