import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret of `bytes` bytes (default 32, i.e. 256 bits), base64url, with a readable prefix. */
export function randomSecret(prefix = '', bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/**
 * A Standard Webhooks signing secret: `whsec_` and 24 random bytes in standard base64, the
 * alphabet receivers' libraries (the `standardwebhooks` package among them) decode.
 */
export function randomWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * A `whsec_` secret as receivers decode it: its key in standard base64. Older secrets were
 * stored in base64url, which Standard Webhooks libraries refuse; the key is the same.
 */
export function standardWebhookSecret(secret: string): string {
  return `whsec_${webhookSecretKey(secret).toString('base64')}`;
}

/** The HMAC key of a `whsec_` secret (either base64 alphabet: older secrets were base64url). */
export function webhookSecretKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** A random opaque identifier (128 bits, hex). */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/** SHA-256 hex digest: how tokens are looked up without being stored. */
export function sha256(value: string): string {
  return hash('sha256', value); // one call: no Hash object per request (credential checks)
}

/** Compares a secret to a stored SHA-256 hex digest in constant time. */
export function matchesDigest(given: string, digestHex: string): boolean {
  const expected = Buffer.from(digestHex, 'hex');
  const actual = hash('sha256', given, 'buffer');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
