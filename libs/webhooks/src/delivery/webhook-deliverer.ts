import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown } from '@nestjs/common';
import {
  APP_CONFIG,
  Metrics,
  JobHandler,
  RetryJobLater,
  SecretBox,
  webhookSecretKey,
  type AppConfig,
  type JobRun,
} from '@app/platform';
import { readWebhookSettings } from '@app/workspaces';
import { DataSource } from 'typeorm';
import {
  bodyOf,
  delayBefore,
  DELIVER_JOB,
  isSuccess,
  signatureHeaders,
  stopsRetries,
  type BodyFormat,
} from '../domain/delivery';
import { DestinationSlots, takeRateSlot } from './destination-limits';
import { HttpSender, type SendOutcome } from './http-sender';

export interface DeliverJobData {
  deliveryId: string;
}

interface DeliveryRow {
  delivery_id: string;
  api_key: string;
  destination: string;
  endpoint_id: string | null;
  url: string;
  status: string;
  attempts: number;
  max_attempts: number;
  sealed_payload: string | null;
}

/** What an attempt needs of its destination, read when it is made (a rotated secret applies). */
interface Target {
  /** The destination's URL now: a destination moved since the event gets its retries there. */
  url: string;
  signingKey: Buffer;
  format: BodyFormat;
  authorization?: string;
  rateLimit?: number;
}

/** How long an attempt waits in line for a busy destination before it is put off. */
const SLOT_WAIT_MS = 1000;

/** A wait of a few hundred ms, spread so that put-off attempts do not come back together. */
const jitter = (base: number) => base + Math.floor(Math.random() * base);

/**
 * Makes a delivery's attempts (D11.3–D11.5), one ledger job per delivery: each run sends
 * once, records the attempt and the delivery's state in one statement, and asks the ledger
 * for the next run on D11.5's schedule (`RetryJobLater`), so the plan survives a restart or
 * a lost Redis. A busy or rate-limited destination puts the attempt off without using it up.
 * Payloads are never logged.
 */
@Injectable()
export class WebhookDeliverer implements OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly sender: HttpSender;
  private readonly slots: DestinationSlots;

  constructor(
    private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly metrics?: Metrics,
  ) {
    this.sender = new HttpSender(config.webhookAllowPrivateTargets);
    this.slots = new DestinationSlots(config.webhookDestinationConcurrency, SLOT_WAIT_MS);
  }

  /**
   * After every destroy hook: the queue has let running attempts finish by then, so no
   * attempt in flight is cut (and counted as failed) by closing the sockets under it.
   */
  onApplicationShutdown(): void {
    this.sender.close();
  }

  @JobHandler(DELIVER_JOB)
  async deliver(job: JobRun<DeliverJobData>): Promise<void> {
    const [d]: DeliveryRow[] = await this.dataSource.query(
      `SELECT delivery_id, api_key, destination, endpoint_id, url, status, attempts, max_attempts,
         sealed_payload
       FROM webhook_deliveries WHERE delivery_id = $1`,
      [job.data.deliveryId],
    );
    if (!d || d.status !== 'pending') return;
    if (d.sealed_payload === null) return this.giveUp(d, 'payload erased');
    const target = await this.targetOf(d);
    if (!target) return this.giveUp(d, 'destination removed or turned off');

    if (target.rateLimit && d.endpoint_id) {
      const free = await takeRateSlot(this.dataSource.manager, d.endpoint_id, target.rateLimit);
      if (!free)
        throw new RetryJobLater(1000 - (Date.now() % 1000) + jitter(20), false, 'rate limit');
    }
    const slot = `${d.api_key}/${d.destination}`;
    if (!(await this.slots.acquire(slot))) {
      throw new RetryJobLater(jitter(200), false, 'destination busy');
    }
    let outcome: SendOutcome;
    const attemptedAt = new Date();
    try {
      const payload = JSON.parse(this.box.open(d.sealed_payload));
      const body = bodyOf(payload, target.format);
      const headers = signatureHeaders(d.delivery_id, body, target.signingKey);
      if (target.authorization) headers.authorization = target.authorization;
      outcome = await this.sender.send(target.url, body, headers);
    } catch (err) {
      // A body or header that cannot be made (a key too small for the encryption, a token
      // Node refuses in a header): a failed attempt, recorded and counted like any other.
      outcome = { durationMs: 0, error: `could not send: ${(err as Error).message}`.slice(0, 500) };
    } finally {
      this.slots.release(slot);
    }

    const attempt = d.attempts + 1;
    const delivered = isSuccess(outcome.status);
    const lastRun = job.attempt >= job.maxAttempts;
    const failed =
      !delivered && (stopsRetries(outcome.status) || attempt >= d.max_attempts || lastRun);
    const next = delayBefore(attempt + 1, this.config.webhookRetryScale);
    const status = delivered ? 'delivered' : failed ? 'failed' : 'pending';
    const error = outcome.error ?? (delivered ? null : `HTTP ${outcome.status}`);
    const recorded: unknown[] = await this.dataSource.query(
      `WITH attempt AS (
         INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, http_status,
           duration_ms, response, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING
       ), updated AS (
       UPDATE webhook_deliveries SET attempts = $2, status = $8, last_http_status = $4,
         last_error = $7, last_attempt_at = $3, first_attempt_at = COALESCE(first_attempt_at, $3),
         next_attempt_at = CASE WHEN $8 = 'pending'
           THEN now() + make_interval(secs => $9::double precision) END
       WHERE delivery_id = $1 AND status = 'pending' AND attempts = $10
       RETURNING 1) SELECT * FROM updated`,
      [
        d.delivery_id,
        attempt,
        attemptedAt,
        outcome.status ?? null,
        outcome.durationMs,
        outcome.response ?? null,
        error,
        status,
        next / 1000,
        d.attempts,
      ],
    );
    if (recorded.length === 0) return; // another run recorded this attempt first
    this.metrics?.webhookDeliveries.inc({
      outcome: delivered ? 'delivered' : failed ? 'failed' : 'retry',
    });
    if (!delivered) {
      this.logger.warn({
        msg: failed ? 'webhook delivery failed' : 'webhook attempt failed; will retry',
        deliveryId: d.delivery_id,
        attempt,
        status: outcome.status,
        error: outcome.error,
      });
    }
    if (status === 'pending') throw new RetryJobLater(next, true, error ?? 'attempt failed');
  }

  private async giveUp(d: DeliveryRow, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, next_attempt_at = NULL
       WHERE delivery_id = $1 AND status = 'pending'`,
      [d.delivery_id, reason],
    );
  }

  private async targetOf(d: DeliveryRow): Promise<Target | undefined> {
    if (d.endpoint_id) {
      const [e]: {
        url: string;
        sealed_secret: string;
        rate_limit: number | null;
        encode_data: boolean;
        encrypt_data: boolean;
        public_key: string;
      }[] = await this.dataSource.query(
        `SELECT e.url, e.sealed_secret, e.rate_limit, c.encode_data, c.encrypt_data, c.public_key
         FROM webhook_endpoints e JOIN webhook_advanced_configs c ON c.api_key = e.api_key
         WHERE e.endpoint_id = $1 AND e.api_key = $2 AND NOT e.disabled AND c.is_enabled`,
        [d.endpoint_id, d.api_key],
      );
      if (!e) return undefined;
      return {
        url: e.url,
        signingKey: webhookSecretKey(this.box.open(e.sealed_secret)),
        format: { encodeData: e.encode_data, encryptData: e.encrypt_data, publicKey: e.public_key },
        rateLimit: e.rate_limit ?? undefined,
      };
    }
    const settings = (await readWebhookSettings(this.dataSource.manager, [d.api_key])).get(
      d.api_key,
    );
    const c = settings?.config;
    const url = d.destination === 'raw' ? c?.rawNotificationUrl : c?.processedNotificationUrl;
    // The service turned off or the URL removed since: nothing is sent there any more.
    if (!settings?.useWebhookService || !c || !url) return undefined;
    return {
      url,
      signingKey: webhookSecretKey(this.box.open(settings.sealedSigningSecret)),
      format: c,
      ...(c.sealedAuthToken && { authorization: `Basic ${this.box.open(c.sealedAuthToken)}` }),
    };
  }
}
