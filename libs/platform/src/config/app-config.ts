import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isPrivateUrl } from '../net/private-address';
/**
 * Typed configuration read once from the environment (docs/decisions.md D13; every variable
 * is listed in docs/api-contract.md "Configuration" and docs/operating.md).
 */
export interface AppConfig {
  port: number;
  host: string;
  /** Unset: the embedded database (`embeddedEngine`) in `dataDir`. */
  databaseUrl?: string;
  /** Embedded data directory, or `memory://` for a throw-away database (tests, bench). */
  dataDir: string;
  /**
   * The embedded database without DATABASE_URL: a Postgres cluster of the server's own in
   * `dataDir/postgres` (default), or PGlite in `dataDir` (EMBEDDED_ENGINE=pglite).
   */
  embeddedEngine: EmbeddedEngine;
  /** EMBEDDED_ENGINE was unset and `dataDir` holds PGlite data: PGlite kept for it. */
  pgliteKeptForData?: boolean;
  /**
   * Not from the environment: a dump of a migrated data directory (PGlite `dumpDataDir`) a new
   * embedded database starts from, instead of an empty one (`@app/testing` sets it).
   */
  dataDirTemplate?: Blob;
  /**
   * Not from the environment: with `memory://` on the Postgres engine, a database on a
   * cluster already running (the test suite's, `@app/testing` sets it) instead of a cluster
   * of its own.
   */
  embeddedDatabaseUrl?: string;
  redisUrl?: string;
  /** Redis key prefix of the queue, so deployments (and test runs) sharing a Redis stay apart. */
  queuePrefix: string;
  adminToken?: string;
  /** 32 bytes; on the embedded database generated into `dataDir` when unset. */
  encryptionKey?: Buffer;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per second per API key, averaged over 10 s (D5.6). */
  rateLimitRps: number;
  /** Requests per API key in any one second (D5.6); default twice rateLimitRps. */
  rateLimitBurst: number;
  /** Set: `GET /metrics` asks for `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string;
  /** On SIGTERM: how long in-flight requests and running jobs get before the process stops. */
  shutdownTimeoutMs: number;
  /** On SIGTERM: how long to keep serving (readiness already 503) before closing the listener. */
  shutdownDelayMs: number;
  webhookAllowPrivateTargets: boolean;
  webhookRetryScale: number;
  /** Days a delivery, its payload and its attempts are kept in the delivery log (D11.5). */
  webhookLogRetentionDays: number;
  /**
   * The most attempts in flight at once per webhook destination, in each process (fewer while
   * it fails: see the webhooks library's AdaptiveConcurrency).
   */
  webhookDestinationConcurrency: number;
  /** Failures in a row of a subscriber on one event before the event is parked. */
  subscriptionMaxAttempts: number;
  /**
   * Multiplies the delays and batch windows of derived notifications (D9.8; small in tests):
   * the hosted ranges start at 10 s.
   */
  notificationDelayScale: number;
  /**
   * Rows (or streams of events) one transaction of an organization's deletion removes at most
   * (D6.9): its removal is many short transactions, never one long one.
   */
  organizationDeletionChunk: number;
  openaiBaseUrl?: string;
  anthropicBaseUrl?: string;
  geminiBaseUrl?: string;
  /**
   * Ask AI may call a provider endpoint on a private, loopback or link-local address (a
   * self-hosted model); off by default, so no tenant reaches the server's network (D12.4).
   */
  aiAllowPrivateBaseUrls: boolean;
  /** Ask AI calls per API key per minute, counted in this process (D12). */
  rateLimitAiRpm: number;
  /** How long one Ask AI call may take, retry included, before DEADLINE_EXCEEDED (D12.3). */
  aiTimeoutMs: number;
  /**
   * The mail relay of email type `default` (D14.2), `smtp://user:pass@host:587` or `smtps://`;
   * unset, that type cannot be chosen and no email goes through it.
   */
  smtpUrl?: string;
  /** SendGrid's v3 API base (tests and proxies point it elsewhere). */
  sendgridBaseUrl: string;
  /**
   * Where this server is reached from a mail reader: the base of the unsubscribe links its
   * emails carry. Unset: `http://localhost:<PORT>`.
   */
  publicUrl: string;
  /** Multiplies the waits between email attempts (small in tests). */
  emailRetryScale: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export const EMBEDDED_ENGINES = ['postgres', 'pglite'] as const;
export type EmbeddedEngine = (typeof EMBEDDED_ENGINES)[number];

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number, integer = false): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new ConfigError(
      `${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`,
    );
  }
  return value;
}

function nonNegativeInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigError(`${name} must be an integer of 0 or more, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return false;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}`);
  }
  return raw;
}

/**
 * A provider endpoint: a private address literal is refused here, at start, rather than on
 * every call (D12.4); a name is checked when it is resolved, at call time.
 */
function aiBaseUrl(env: Env, name: string, allowPrivate: boolean): string | undefined {
  const raw = url(env, name, ['http:', 'https:']);
  if (raw && !allowPrivate && isPrivateUrl(raw)) {
    throw new ConfigError(
      `${name} points to a private or loopback address; set AI_ALLOW_PRIVATE_BASE_URLS=true to allow it`,
    );
  }
  return raw;
}

function encryptionKey(env: Env): Buffer | undefined {
  const raw = env.SERVICE_ENCRYPTION_KEY;
  if (raw === undefined || raw === '') return undefined;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new ConfigError('SERVICE_ENCRYPTION_KEY must be 32 bytes encoded in base64');
  }
  return key;
}

/** PGlite keeps its data files in the data directory itself; the Postgres engine in `postgres/`. */
export const holdsPgliteData = (dataDir: string): boolean =>
  !dataDir.startsWith('memory://') && existsSync(join(dataDir, 'PG_VERSION'));

/**
 * EMBEDDED_ENGINE, default `postgres`; unset on a data directory PGlite made, PGlite stays
 * (its data is not moved, nor ignored). Set to `postgres` on such a directory: refused, as
 * the server would start empty beside the data.
 */
function embeddedEngine(
  env: Env,
  dataDir: string,
): Pick<AppConfig, 'embeddedEngine' | 'pgliteKeptForData'> {
  const raw = env.EMBEDDED_ENGINE;
  if (raw === undefined || raw === '') {
    if (!env.DATABASE_URL && holdsPgliteData(dataDir))
      return { embeddedEngine: 'pglite', pgliteKeptForData: true };
    return { embeddedEngine: 'postgres' };
  }
  if (!(EMBEDDED_ENGINES as readonly string[]).includes(raw)) {
    throw new ConfigError(`EMBEDDED_ENGINE must be one of ${EMBEDDED_ENGINES.join(', ')}`);
  }
  if (raw === 'postgres' && !env.DATABASE_URL && holdsPgliteData(dataDir)) {
    throw new ConfigError(
      `EMBEDDED_ENGINE=postgres, but DATA_DIR (${dataDir}) holds PGlite data: set EMBEDDED_ENGINE=pglite to keep serving it, or use another DATA_DIR (docs/operating.md, "Embedded engine")`,
    );
  }
  return { embeddedEngine: raw as EmbeddedEngine };
}

/** Reads and checks every variable; a bad value throws a ConfigError naming it. */
export function loadConfig(env: Env = process.env): AppConfig {
  const logLevel = (env.LOG_LEVEL || 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const port = positiveNumber(env, 'PORT', 3000, true);
  if (port > 65535) throw new ConfigError('PORT must be at most 65535');
  const adminToken = env.ADMIN_TOKEN || undefined;
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('ADMIN_TOKEN must be at least 16 characters');
  }
  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  }
  const rateLimitRps = positiveNumber(env, 'RATE_LIMIT_RPS', 100);
  const aiAllowPrivateBaseUrls = boolean(env, 'AI_ALLOW_PRIVATE_BASE_URLS');
  const rateLimitBurst = positiveNumber(env, 'RATE_LIMIT_BURST', 2 * rateLimitRps, true);
  if (rateLimitBurst < rateLimitRps) {
    throw new ConfigError('RATE_LIMIT_BURST must be at least RATE_LIMIT_RPS');
  }
  const dataDir = env.DATA_DIR || './.data';
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir,
    ...embeddedEngine(env, dataDir),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    queuePrefix: env.QUEUE_PREFIX || 'collab',
    adminToken,
    encryptionKey: encryptionKey(env),
    logLevel,
    rateLimitRps,
    rateLimitBurst,
    metricsToken,
    shutdownTimeoutMs: Math.min(
      positiveNumber(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, true),
      MAX_TIMER_MS,
    ),
    shutdownDelayMs: Math.min(nonNegativeInteger(env, 'SHUTDOWN_DELAY_MS', 0), MAX_TIMER_MS),
    webhookAllowPrivateTargets: boolean(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS'),
    webhookRetryScale: positiveNumber(env, 'WEBHOOK_RETRY_SCALE', 1),
    webhookLogRetentionDays: positiveNumber(env, 'WEBHOOK_LOG_RETENTION_DAYS', 30),
    webhookDestinationConcurrency: positiveNumber(env, 'WEBHOOK_DESTINATION_CONCURRENCY', 64, true),
    subscriptionMaxAttempts: positiveNumber(env, 'SUBSCRIPTION_MAX_ATTEMPTS', 5, true),
    notificationDelayScale: positiveNumber(env, 'NOTIFICATION_DELAY_SCALE', 1),
    organizationDeletionChunk: positiveNumber(env, 'ORGANIZATION_DELETION_CHUNK', 5_000, true),
    openaiBaseUrl: aiBaseUrl(env, 'OPENAI_BASE_URL', aiAllowPrivateBaseUrls),
    anthropicBaseUrl: aiBaseUrl(env, 'ANTHROPIC_BASE_URL', aiAllowPrivateBaseUrls),
    geminiBaseUrl: aiBaseUrl(env, 'GEMINI_BASE_URL', aiAllowPrivateBaseUrls),
    aiAllowPrivateBaseUrls,
    rateLimitAiRpm: positiveNumber(env, 'RATE_LIMIT_AI_RPM', 60, true),
    aiTimeoutMs: Math.min(positiveNumber(env, 'AI_TIMEOUT_MS', 60_000, true), MAX_TIMER_MS),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    sendgridBaseUrl:
      url(env, 'SENDGRID_BASE_URL', ['https:', 'http:']) ?? 'https://api.sendgrid.com',
    publicUrl: (url(env, 'PUBLIC_URL', ['https:', 'http:']) ?? `http://localhost:${port}`).replace(
      /\/+$/,
      '',
    ),
    emailRetryScale: positiveNumber(env, 'EMAIL_RETRY_SCALE', 1),
  };
}

/** Node's timers fire at once past 2^31-1 ms: a longer deadline would be none. */
const MAX_TIMER_MS = 2_147_483_647;

export const isEmbedded = (config: Pick<AppConfig, 'databaseUrl'>): boolean => !config.databaseUrl;
export const isInMemory = (config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): boolean =>
  isEmbedded(config) && config.dataDir.startsWith('memory://');
/** PGlite serves the database: one connection, in this process. */
export const onPglite = (config: Pick<AppConfig, 'databaseUrl' | 'embeddedEngine'>): boolean =>
  isEmbedded(config) && config.embeddedEngine === 'pglite';
