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

/** The job that makes a delivery's attempts. */
export const DELIVER_JOB = 'webhooks.deliver';

/**
 * A delivery's id, which is also its `webhook-id` (Standard Webhooks: the same on every
 * attempt): derived from the event and the destination, so a replayed event finds its
 * delivery already made.
 */
export function deliveryIdOf(eventId: string, destination: Destination): string {
  const digest = createHash('sha256').update(`${eventId}\n${destination}`).digest('base64url');
  return `msg_${digest.slice(0, 32)}`;
}

/** The ledger job of a delivery's automatic attempts, and of its `n`th manual retry. */
export const deliverJobId = (deliveryId: string, manualRetry = 0): string =>
  manualRetry === 0
    ? `${DELIVER_JOB}:${deliveryId}`
    : `${DELIVER_JOB}:${deliveryId}:r${manualRetry}`;

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

/** How a destination wants bodies: as JSON, base64 JSON, or encrypted (which wins, D11.3). */
export interface BodyFormat {
  encodeData?: boolean;
  encryptData?: boolean;
  /** RSA public key, base64 DER (SubjectPublicKeyInfo), no PEM header. */
  publicKey?: string;
}

/**
 * The body of a payload as the destination wants it (D11.3). Encryption: AES-256-CBC under a
 * fresh key and IV, the key encrypted with RSA-OAEP (SHA-256) under the destination's key.
 */
export function bodyOf(payload: unknown, format: BodyFormat): string {
  const json = JSON.stringify(payload);
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
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
