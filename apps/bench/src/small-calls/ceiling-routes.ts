import type { FastifyReply } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
// The project's own digest and decryption: the same work per call, not a faster stand-in.
import { matchesDigest, SecretBox, sha256 } from '@app/platform';

/**
 * What the ceiling runs for operations 11, 2 and a one-item 6: the statements the project runs
 * (credential check included, kept for a second as the project keeps it) and the same
 * envelope, written once here and served by three servers: bare Fastify (ceiling-server.ts),
 * bare Nest (nest-floor-server.ts), and the stack's floor (stack-floor-server.ts), which alone
 * validates the bodies and goes through the buses and TypeORM. None has guards, a rate limit,
 * metrics or logs. (BENCH_SMALL_SQL=1 prints the project's, the ceiling's and the stack floor's
 * statements side by side.)
 */

/** What a route reads of a request; Fastify's request is one. */
export interface CeilingRequest {
  id: string;
  headers: IncomingHttpHeaders;
  body: Envelope | undefined;
}

/** An answer: its status and its JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

interface Envelope {
  data?: Record<string, unknown>;
}

/**
 * What the routes send their SQL through: a `pg` Pool (the ceiling, the framework's floor) or
 * TypeORM's connections (the stack's floor).
 */
export interface SqlPool {
  query(sql: string, params: unknown[]): Promise<{ rows: any[] }>;
  connect(): Promise<SqlPoolClient>;
}

export interface SqlPoolClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
  release(): void;
}

/** Each route's path and the method of CeilingRoutes that answers it. */
export const CEILING_ROUTES = [
  ['/v1/organizations/documents/get', 'documents'],
  ['/v2/workspace/authtokens/get', 'authTokens'],
  ['/v1/organizations/add', 'addOrganization'],
] as const;

/** The path of a route, by the name of its method. */
export const pathOf = (method: (typeof CEILING_ROUTES)[number][1]) =>
  CEILING_ROUTES.find(([, name]) => name === method)![0];

/** For the Nest servers: the route's status on the reply (Nest would answer a POST 201), its
 * body returned to Nest. */
export async function answer(pending: Promise<Answer>, reply: FastifyReply): Promise<unknown> {
  const { status, body } = await pending;
  reply.status(status);
  return body;
}

const ok = (message: string, data: unknown): Answer => ({
  status: 200,
  body: { result: { status: 'success', message, data } },
});

const unauthenticated: Answer = {
  status: 401,
  body: { error: { status: 'UNAUTHENTICATED', message: 'Invalid credentials' } },
};

const header = (request: CeilingRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
};

interface Tenant {
  apiKey: string;
  workspaceId: string;
}

/** Credentials found valid, for a second, as the project keeps them (nothing changes them here). */
class Remembered<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  async load(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const started = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > started) return hit.value;
    const value = await read();
    if (value !== undefined) this.entries.set(key, { value, until: started + 1_000 });
    return value;
  }
}

/** The API-key credential check, as the project's guard runs it. */
async function apiKeyTenant(
  pool: SqlPool,
  remembered: Remembered<{ token_digest: string; workspace_id: string }>,
  request: CeilingRequest,
): Promise<Tenant | undefined> {
  const apiKey = header(request, 'x-service-api-key');
  const token = header(request, 'x-service-auth-token');
  if (!apiKey || !token) return undefined;
  const digest = sha256(token);
  const row = await remembered.load(`${apiKey}\n${digest}`, async () => {
    const { rows } = await pool.query(
      `SELECT t.token_digest, t.domains, k.workspace_id, k.options
       FROM auth_tokens t JOIN api_keys k ON k.api_key = t.api_key
       WHERE t.api_key = $1 AND t.token_digest = $2`,
      [apiKey, digest],
    );
    return rows[0];
  });
  if (!row || !matchesDigest(token, row.token_digest)) return undefined;
  return { apiKey, workspaceId: row.workspace_id };
}

/** The workspace credential check, as the project's guard runs it. */
async function workspaceOf(
  pool: SqlPool,
  remembered: Remembered<string>,
  request: CeilingRequest,
): Promise<string | undefined> {
  const workspaceId = header(request, 'x-service-workspace-id');
  const token = header(request, 'x-service-auth-token');
  if (!workspaceId || !token) return undefined;
  return remembered.load(`${workspaceId}\n${sha256(token)}`, async () => {
    const { rows } = await pool.query(`SELECT auth_token_digest FROM workspaces WHERE id = $1`, [
      workspaceId,
    ]);
    const digest: string | undefined = rows[0]?.auth_token_digest;
    return digest && matchesDigest(token, digest) ? workspaceId : undefined;
  });
}

export class CeilingRoutes {
  private readonly apiKeys = new Remembered<{ token_digest: string; workspace_id: string }>();
  private readonly workspaces = new Remembered<string>();

  constructor(
    private readonly pool: SqlPool,
    private readonly box: SecretBox,
  ) {}

  /** Operation 11: an organization's documents by id. */
  async documents(request: CeilingRequest): Promise<Answer> {
    const { pool } = this;
    const tenant = await apiKeyTenant(pool, this.apiKeys, request);
    if (!tenant) return unauthenticated;
    const data = request.body?.data ?? {};
    const { rows } = await pool.query(
      `SELECT document_id, document_name, disabled, access_type, folder_id, metadata, created_at, last_updated
       FROM documents
       WHERE api_key = $1 AND organization_id = $2
         AND ($3::text[] IS NULL OR document_id = ANY($3::text[]))
         AND ($4::text IS NULL OR folder_id = $4::text)
         AND ($5::text IS NULL OR document_id > $5::text)
       ORDER BY document_id
       LIMIT $6`,
      [tenant.apiKey, data.organizationId, data.documentIds ?? null, null, null, null],
    );
    return ok(
      'Document(s) retrieved successfully.',
      rows.map((row) => ({
        id: row.document_id,
        documentName: row.document_name,
        disabled: row.disabled,
        accessType: row.access_type,
        ...(row.folder_id !== null && { folderId: row.folder_id }),
        createdAt: Number(row.created_at),
        lastUpdated: Number(row.last_updated),
        ...row.metadata,
      })),
    );
  }

  /** Operation 2: an API key's auth tokens, with workspace credentials. */
  async authTokens(request: CeilingRequest): Promise<Answer> {
    const { pool } = this;
    const workspaceId = await workspaceOf(pool, this.workspaces, request);
    if (!workspaceId) return unauthenticated;
    const apiKey = String(request.body?.data?.apiKey ?? '');
    const { rows } = await pool.query(
      `SELECT t.token_digest, t.name, t.domains, t.sealed_token
       FROM api_keys k LEFT JOIN auth_tokens t ON t.api_key = k.api_key
       WHERE k.api_key = $1 AND k.workspace_id = $2
       ORDER BY t.stream_version`,
      [apiKey, workspaceId],
    );
    if (rows.length === 0) {
      return {
        status: 404,
        body: { error: { status: 'NOT_FOUND', message: 'API key not found.' } },
      };
    }
    return ok('Auth tokens retrieved successfully.', {
      apiKey,
      authTokens: rows
        .filter((row) => row.token_digest !== null)
        .map((row) => ({
          token: this.box.open(row.sealed_token),
          name: row.name,
          domains: row.domains,
        })),
    });
  }

  /** Operation 6, one organization: its event appended and projected in one transaction. */
  async addOrganization(request: CeilingRequest): Promise<Answer> {
    const { pool } = this;
    const tenant = await apiKeyTenant(pool, this.apiKeys, request);
    if (!tenant) return unauthenticated;
    const [item] = (request.body?.data?.organizations ?? []) as {
      organizationId: string;
      organizationName: string;
    }[];
    const streamId = `organization:${tenant.apiKey}:${item.organizationId}`;
    const at = Date.now();
    const client = await pool.connect();
    try {
      await client.query('START TRANSACTION');
      await client.query(
        `SELECT global_position, transaction_id::text AS transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, created_at
         FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`,
        [[streamId]],
      );
      const data = {
        apiKey: tenant.apiKey,
        organizationId: item.organizationId,
        organizationName: item.organizationName,
        disabled: false,
        metadata: {},
        at,
      };
      // The new stream's row and its event in one statement, as the project's event store.
      await client.query(
        `WITH e AS MATERIALIZED (
           SELECT * FROM json_to_recordset($1::json) AS e(id uuid, stream_id text, version bigint,
             type text, schema_version int, data jsonb, stream_type text)),
         created AS (
           INSERT INTO streams (stream_id, stream_type, version)
           SELECT stream_id, stream_type, max(version) FROM e WHERE stream_type IS NOT NULL
           GROUP BY stream_id, stream_type)
         INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, api_key)
         SELECT e.id, e.stream_id, e.version, e.type, e.schema_version, e.data, $2::jsonb, $3::text
         FROM e
         RETURNING event_id, global_position, transaction_id::text AS transaction_id, created_at`,
        [
          JSON.stringify([
            {
              id: newEventId(at),
              stream_id: streamId,
              version: 1,
              type: 'organizations.organization-added',
              schema_version: 1,
              data,
              stream_type: 'organization',
            },
          ]),
          JSON.stringify({
            workspaceId: tenant.workspaceId,
            apiKey: tenant.apiKey,
            requestId: request.id,
          }),
          tenant.apiKey,
        ],
      );
      await client.query(
        `INSERT INTO organizations (api_key, organization_id, organization_name, disabled, metadata, created_at, last_updated, version)
         SELECT a.api_key, a.id, a.name, a.disabled, a.metadata, a.at, a.at, a.version
         FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::jsonb[], $6::bigint[], $7::bigint[])
           AS a(api_key, id, name, disabled, metadata, at, version)
         ON CONFLICT (api_key, organization_id) DO NOTHING`,
        [
          [tenant.apiKey],
          [item.organizationId],
          [item.organizationName],
          [false],
          ['{}'],
          [at],
          [1],
        ],
      );
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return ok('Organization(s) added successfully.', {
      [item.organizationId]: {
        success: true,
        id: item.organizationId,
        message: 'Added Successfully',
      },
    });
  }
}

/**
 * The event id the server makes (a version 7 UUID: 48 bits of milliseconds, then random), so
 * that both servers' appends touch the `event_id` index alike. Written out here: the ceiling
 * loads none of the server's code.
 */
function newEventId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  const random = randomUUID();
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}
