import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  APP_CONFIG,
  isPrivateHost,
  JobQueue,
  PageTokens,
  randomWebhookSecret,
  SecretBox,
  ServiceError,
  type AppConfig,
} from '@app/platform';
import { isRsaPublicKey, type ApiKeyTenant } from '@app/workspaces';
import { DataSource } from 'typeorm';
import type {
  CreateEndpointRequest,
  GetDeliveriesRequest,
  GetEndpointsRequest,
  RetryDeliveriesRequest,
  UpdateAdvancedConfigRequest,
  UpdateEndpointRequest,
} from '../api/dto/webhooks.request';
import { DELIVER_JOB_BUDGET, deliverJobsOf, type DeliveryToAttempt } from '../domain/delivery-jobs';

interface DeliveryRow {
  delivery_id: string;
  seq: string;
  event_id: string;
  event_type: string;
  destination: string;
  endpoint_id: string | null;
  url: string;
  status: string;
  created_at: Date;
  next_attempt_at: Date | null;
  attempts_list: {
    attempt: number;
    attempted_at: string;
    http_status: number | null;
    duration_ms: number;
    response: string | null;
    error: string | null;
  }[];
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

const NOT_CONFIGURED =
  'Advanced webhooks are not configured for this API key. Enable them first via POST /v2/workspace/advancedwebhookconfig/update with { "isEnabled": true }.';

const endpointView = (e: EndpointRow) => ({
  id: e.endpoint_id,
  url: e.url,
  description: e.description,
  filterTypes: e.filter_types,
  channels: e.channels,
  disabled: e.disabled,
  rateLimit: e.rate_limit,
  uid: e.uid,
  ...(e.metadata && { metadata: e.metadata }),
  createdAt: new Date(e.created_at).toISOString(),
  updatedAt: new Date(e.updated_at).toISOString(),
});

/**
 * The delivery log and its replay (D11.5) and the advanced webhooks API: every read and
 * write is scoped to the calling API key.
 */
@Injectable()
export class WebhooksAdmin {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: JobQueue,
    private readonly box: SecretBox,
    private readonly tokens: PageTokens,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async deliveries(tenant: ApiKeyTenant, q: GetDeliveriesRequest) {
    const filter = [q.status, q.eventType, q.endpointId, q.from, q.to];
    const read = this.tokens.read<string>(
      'webhook-deliveries',
      tenant.apiKey,
      filter,
      q.pageSize,
      q.pageToken,
    );
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT d.delivery_id, d.seq::text AS seq, d.event_id, d.event_type, d.destination,
         d.endpoint_id, d.url, d.status, d.created_at, d.next_attempt_at,
         COALESCE((SELECT json_agg(a ORDER BY a.attempt) FROM webhook_attempts a
                   WHERE a.delivery_id = d.delivery_id), '[]') AS attempts_list
       FROM webhook_deliveries d
       WHERE d.api_key = $1
         AND ($2::text IS NULL OR d.status = $2)
         AND ($3::text IS NULL OR d.event_type = $3)
         AND ($4::text IS NULL OR d.endpoint_id = $4)
         AND ($5::bigint IS NULL OR d.created_at >= to_timestamp($5::bigint / 1000.0))
         AND ($6::bigint IS NULL OR d.created_at < to_timestamp($6::bigint / 1000.0))
         AND ($7::bigint IS NULL OR d.seq < $7::bigint)
       ORDER BY d.seq DESC
       LIMIT $8`,
      [tenant.apiKey, ...filter, read.after, read.limit],
    );
    return read.page(
      rows,
      (r) => r.seq,
      (r) => ({
        deliveryId: r.delivery_id,
        eventId: r.event_id,
        eventType: r.event_type,
        destination: r.destination.startsWith('endpoint:') ? 'endpoint' : r.destination,
        endpointId: r.endpoint_id,
        url: r.url,
        status: r.status,
        attempts: r.attempts_list.map((a) => ({
          attempt: a.attempt,
          at: new Date(a.attempted_at).getTime(),
          httpStatus: a.http_status,
          durationMs: a.duration_ms,
          response: a.response,
          error: a.error,
        })),
        createdAt: new Date(r.created_at).getTime(),
        nextAttemptAt: r.next_attempt_at ? new Date(r.next_attempt_at).getTime() : null,
      }),
    );
  }

  /**
   * Sends failed deliveries again: one by id, or every failed one recorded since a time. Each
   * gets one more attempt (jobs of up to 100 per destination), with the same `webhook-id`.
   */
  async retry(tenant: ApiKeyTenant, q: RetryDeliveriesRequest) {
    if (q.deliveryId === undefined && q.since === undefined) {
      throw ServiceError.invalidField('data.deliveryId', 'deliveryId or since is required');
    }
    if (q.deliveryId !== undefined) {
      const [found]: { status: string }[] = await this.dataSource.query(
        `SELECT status FROM webhook_deliveries WHERE api_key = $1 AND delivery_id = $2`,
        [tenant.apiKey, q.deliveryId],
      );
      if (!found) throw new ServiceError('NOT_FOUND', 'Delivery not found.');
      if (found.status !== 'failed') {
        throw new ServiceError(
          'FAILED_PRECONDITION',
          `The delivery is ${found.status}, not failed.`,
        );
      }
    }
    const retried = await this.dataSource.transaction(async (m) => {
      const rows: DeliveryToAttempt[] = await m.query(
        `WITH retried AS (UPDATE webhook_deliveries SET status = 'pending', max_attempts = attempts + 1,
           next_attempt_at = now(), last_error = NULL
         WHERE api_key = $1 AND status = 'failed' AND sealed_payload IS NOT NULL
           AND ($2::text IS NULL OR delivery_id = $2)
           AND ($3::bigint IS NULL OR created_at >= to_timestamp($3::bigint / 1000.0))
         RETURNING delivery_id, api_key, destination, attempts, seq)
         SELECT delivery_id AS "deliveryId", api_key AS "apiKey", destination, attempts
         FROM retried ORDER BY seq`,
        [tenant.apiKey, q.deliveryId ?? null, q.since ?? null],
      );
      // Each replay a round of its own: one asked for again (the first ended without an
      // attempt, its destination off) must not find the first's job done.
      const jobs = deliverJobsOf('replay', rows, randomUUID());
      await this.queue.enqueue(jobs, { maxAttempts: DELIVER_JOB_BUDGET }, m);
      return { deliveryIds: rows.map((r) => r.deliveryId), jobIds: jobs.map((j) => j.id) };
    });
    await this.queue.dispatch(retried.jobIds);
    return { deliveryIds: retried.deliveryIds };
  }

  async advancedConfig(tenant: ApiKeyTenant) {
    const [c] = await this.dataSource.query(
      `SELECT is_enabled, encrypt_data, encode_data, public_key, enable_data_protection
       FROM webhook_advanced_configs WHERE api_key = $1`,
      [tenant.apiKey],
    );
    return {
      isEnabled: c?.is_enabled ?? false,
      encryptData: c?.encrypt_data ?? false,
      encodeData: c?.encode_data ?? false,
      publicKey: c?.public_key ?? '',
      enableDataProtection: c?.enable_data_protection ?? false,
    };
  }

  async updateAdvancedConfig(tenant: ApiKeyTenant, q: UpdateAdvancedConfigRequest) {
    const given = (
      ['isEnabled', 'encryptData', 'encodeData', 'publicKey', 'enableDataProtection'] as const
    ).filter((k) => q[k] !== undefined);
    if (given.length === 0) {
      throw ServiceError.invalidField(
        'data.isEnabled',
        'At least one of isEnabled, encryptData, encodeData, publicKey or enableDataProtection must be provided.',
      );
    }
    return this.dataSource.transaction(async (m) => {
      const [current] = await m.query(
        `SELECT 1 FROM webhook_advanced_configs WHERE api_key = $1 FOR UPDATE`,
        [tenant.apiKey],
      );
      if (!current && q.isEnabled !== true) {
        throw new ServiceError(
          'FAILED_PRECONDITION',
          'The first advanced webhook configuration must enable it: send isEnabled: true.',
        );
      }
      const before = await this.advancedConfigIn(m, tenant.apiKey);
      const next = {
        isEnabled: q.isEnabled ?? before.isEnabled,
        encryptData: q.encryptData ?? before.encryptData,
        encodeData: q.encodeData ?? before.encodeData,
        publicKey: q.publicKey ?? before.publicKey,
        enableDataProtection: q.enableDataProtection ?? before.enableDataProtection,
      };
      if (next.encryptData && !isRsaPublicKey(next.publicKey)) {
        throw ServiceError.invalidField(
          'data.publicKey',
          'encryptData needs publicKey: an RSA public key, base64 DER (SubjectPublicKeyInfo) without PEM header',
        );
      }
      await m.query(
        `INSERT INTO webhook_advanced_configs (api_key, is_enabled, encrypt_data, encode_data,
           public_key, enable_data_protection, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (api_key) DO UPDATE SET is_enabled = $2, encrypt_data = $3,
           encode_data = $4, public_key = $5, enable_data_protection = $6, updated_at = now()`,
        [
          tenant.apiKey,
          next.isEnabled,
          next.encryptData,
          next.encodeData,
          next.publicKey,
          next.enableDataProtection,
        ],
      );
      return next;
    });
  }

  private async advancedConfigIn(m: { query: DataSource['query'] }, apiKey: string) {
    const [c] = await m.query(
      `SELECT is_enabled, encrypt_data, encode_data, public_key, enable_data_protection
       FROM webhook_advanced_configs WHERE api_key = $1`,
      [apiKey],
    );
    return {
      isEnabled: c?.is_enabled ?? false,
      encryptData: c?.encrypt_data ?? false,
      encodeData: c?.encode_data ?? false,
      publicKey: c?.public_key ?? '',
      enableDataProtection: c?.enable_data_protection ?? false,
    };
  }

  async createEndpoint(tenant: ApiKeyTenant, q: CreateEndpointRequest) {
    await this.requireEnabled(tenant);
    this.checkUrl(q.url);
    const id = `ep_${randomBytes(18).toString('base64url')}`;
    const [row]: EndpointRow[] = await this.dataSource.query(
      `INSERT INTO webhook_endpoints (endpoint_id, api_key, url, description, filter_types,
         channels, disabled, rate_limit, uid, metadata, sealed_secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
      [
        id,
        tenant.apiKey,
        q.url,
        q.description ?? null,
        q.filterTypes ?? null,
        q.channels ?? null,
        q.disabled ?? false,
        q.rateLimit ?? null,
        q.uid ?? null,
        q.metadata ? JSON.stringify(q.metadata) : null,
        this.box.seal(randomWebhookSecret()),
      ],
    );
    return endpointView(row);
  }

  async endpoints(tenant: ApiKeyTenant, q: GetEndpointsRequest) {
    await this.requireEnabled(tenant);
    const scope = `webhook-endpoints:${tenant.apiKey}`;
    const after = q.iterator
      ? this.tokens.verify<string>(scope, q.iterator, 'data.iterator')
      : null;
    const rows: EndpointRow[] = await this.dataSource.query(
      `SELECT endpoint_id, seq::text AS seq, url, description, filter_types, channels, disabled,
         rate_limit, uid, metadata, created_at, updated_at FROM webhook_endpoints
       WHERE api_key = $1 AND ($2::bigint IS NULL OR seq > $2::bigint)
       ORDER BY seq LIMIT $3`,
      [tenant.apiKey, after, q.limit + 1],
    );
    const page = rows.slice(0, q.limit);
    const done = rows.length <= q.limit;
    return {
      endpoints: page.map(endpointView),
      iterator: done ? null : this.tokens.sign(scope, page[page.length - 1].seq),
      prevIterator: null,
      done,
    };
  }

  async updateEndpoint(tenant: ApiKeyTenant, q: UpdateEndpointRequest) {
    await this.requireEnabled(tenant);
    const { endpointId, ...fields } = q;
    if (Object.values(fields).every((v) => v === undefined)) {
      throw ServiceError.invalidField(
        'data.url',
        'At least one endpoint field besides endpointId must be provided.',
      );
    }
    if (q.url !== undefined) this.checkUrl(q.url);
    const [row]: EndpointRow[] = await this.dataSource.query(
      `WITH changed AS (UPDATE webhook_endpoints SET
         url = COALESCE($3, url),
         description = COALESCE($4, description),
         filter_types = COALESCE($5, filter_types),
         channels = COALESCE($6, channels),
         disabled = COALESCE($7, disabled),
         rate_limit = COALESCE($8, rate_limit),
         metadata = COALESCE($9::jsonb, metadata),
         updated_at = now()
       WHERE api_key = $1 AND endpoint_id = $2 RETURNING *) SELECT * FROM changed`,
      [
        tenant.apiKey,
        endpointId,
        q.url ?? null,
        q.description ?? null,
        q.filterTypes ?? null,
        q.channels ?? null,
        q.disabled ?? null,
        q.rateLimit ?? null,
        q.metadata ? JSON.stringify(q.metadata) : null,
      ],
    );
    if (!row) throw new ServiceError('NOT_FOUND', 'Advanced webhook endpoint not found.');
    return endpointView(row);
  }

  async deleteEndpoint(tenant: ApiKeyTenant, endpointId: string) {
    await this.requireEnabled(tenant);
    const gone: unknown[] = await this.dataSource.query(
      `WITH gone AS (DELETE FROM webhook_endpoints WHERE api_key = $1 AND endpoint_id = $2
         RETURNING 1) SELECT * FROM gone`,
      [tenant.apiKey, endpointId],
    );
    if (gone.length === 0)
      throw new ServiceError('NOT_FOUND', 'Advanced webhook endpoint not found.');
    return { endpointId, deleted: true };
  }

  async endpointSecret(tenant: ApiKeyTenant, endpointId: string) {
    await this.requireEnabled(tenant);
    const [row]: { sealed_secret: string }[] = await this.dataSource.query(
      `SELECT sealed_secret FROM webhook_endpoints WHERE api_key = $1 AND endpoint_id = $2`,
      [tenant.apiKey, endpointId],
    );
    if (!row) throw new ServiceError('NOT_FOUND', 'Advanced webhook endpoint not found.');
    return { endpointId, secret: this.box.open(row.sealed_secret) };
  }

  private async requireEnabled(tenant: ApiKeyTenant): Promise<void> {
    if (!(await this.advancedConfig(tenant)).isEnabled) {
      throw new ServiceError('FAILED_PRECONDITION', NOT_CONFIGURED);
    }
  }

  private checkUrl(value: string): void {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw ServiceError.invalidField('data.url', 'url must be a valid http(s) URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw ServiceError.invalidField('data.url', 'url must be a valid http(s) URL.');
    }
    if (!this.config.webhookAllowPrivateTargets && isPrivateHost(url.hostname)) {
      throw ServiceError.invalidField(
        'data.url',
        'url must not point to a private or loopback address',
      );
    }
  }
}
