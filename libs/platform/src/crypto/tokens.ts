import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret of `bytes` bytes (default 32, i.e. 256 bits), base64url, with a readable prefix. */
export function randomSecret(prefix = '', bytes = 32): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** A random opaque identifier (128 bits, hex). */
export function randomId(): string {
  return randomBytes(16).toString('hex');
}

/** SHA-256 hex digest: how tokens are looked up without being stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares a secret to a stored SHA-256 hex digest in constant time. */
export function matchesDigest(given: string, digestHex: string): boolean {
  const expected = Buffer.from(digestHex, 'hex');
  const actual = createHash('sha256').update(given, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
