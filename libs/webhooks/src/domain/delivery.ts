import {
  constants,
  createCipheriv,
  createHash,
  createHmac,
  createPublicKey,
  publicEncrypt,
  randomBytes,
} from 'node:crypto';

/** Where a delivery goes: a basic URL of operation 4, or an advanced endpoint. */
export type Destination = 'raw' | 'processed' | `endpoint:${string}`;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed'];

/**
 * A delivery's id, which is also its `webhook-id` (Standard Webhooks: the same on every
 * attempt): derived from the event and the destination, so a replayed event finds its
 * delivery already made.
 */
export function deliveryIdOf(eventId: string, destination: Destination): string {
  const digest = createHash('sha256').update(`${eventId}\n${destination}`).digest('base64url');
  return `msg_${digest.slice(0, 32)}`;
}

/**
 * D11.5: attempts at 0, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, each delay counted
 * from the failure before it, multiplied by WEBHOOK_RETRY_SCALE.
 */
export const RETRY_DELAYS_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;

/** The wait before attempt `next` (1-based), scaled. */
export const delayBefore = (next: number, scale: number): number =>
  Math.round((RETRY_DELAYS_MS[Math.min(next, MAX_ATTEMPTS) - 1] ?? 0) * scale);

/** A success is a 2xx (D11.5); a 410 says the receiver is gone: no more attempts. */
export const isSuccess = (status: number | undefined) =>
  status !== undefined && status >= 200 && status < 300;
export const stopsRetries = (status: number | undefined) => status === 410;

/** Where a delivery stands after an attempt, and when the next one comes if any. */
export interface AfterAttempt {
  status: DeliveryStatus;
  /** The wait before the next attempt, when the delivery is still pending. */
  nextDelayMs?: number;
}

/**
 * The state a delivery's `attempt`th attempt (1-based) leaves it in: delivered on a 2xx;
 * failed on a 410 or at its last attempt; else pending, with the wait D11.5 gives the next
 * attempt.
 */
export function afterAttempt(
  attempt: number,
  maxAttempts: number,
  httpStatus: number | undefined,
  retryScale: number,
): AfterAttempt {
  if (isSuccess(httpStatus)) return { status: 'delivered' };
  if (stopsRetries(httpStatus) || attempt >= maxAttempts) return { status: 'failed' };
  return { status: 'pending', nextDelayMs: delayBefore(attempt + 1, retryScale) };
}

/** How a destination wants bodies: as JSON, base64 JSON, or encrypted (which wins, D11.3). */
export interface BodyFormat {
  encodeData?: boolean;
  encryptData?: boolean;
  /** RSA public key, base64 DER (SubjectPublicKeyInfo), no PEM header. */
  publicKey?: string;
}

/**
 * The body of a payload (its JSON text) as the destination wants it (D11.3). Encryption:
 * AES-256-CBC under a fresh key and IV, the key encrypted with RSA-OAEP (SHA-256) under the
 * destination's key.
 */
export function bodyOf(json: string, format: BodyFormat): string {
  if (format.encryptData && format.publicKey) {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', key, iv);
    const encryptedData = Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]);
    const publicKey = createPublicKey({
      key: Buffer.from(format.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const encryptedKey = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      key,
    );
    return JSON.stringify({
      encryptedData: encryptedData.toString('base64'),
      encryptedKey: encryptedKey.toString('base64'),
      iv: iv.toString('base64'),
    });
  }
  if (format.encodeData) {
    return JSON.stringify({ encodedPayload: Buffer.from(json, 'utf8').toString('base64') });
  }
  return json;
}

/**
 * The Standard Webhooks headers of one attempt (D11.4): the signature covers
 * `id.timestamp.body` with the HMAC-SHA256 key of the `whsec_` secret, made afresh each time.
 */
export function signatureHeaders(
  id: string,
  body: string,
  key: Buffer,
  now = Date.now(),
): Record<string, string> {
  const timestamp = Math.floor(now / 1000).toString();
  const signature = createHmac('sha256', key)
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
