import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../http/service-error';

const MAC_BYTES = 16;

/**
 * Opaque, tamper-evident keyset cursors (D5.5): base64url(JSON) + "." + a truncated
 * HMAC-SHA256. The key is derived from SERVICE_ENCRYPTION_KEY, so tokens stay valid across
 * restarts and replicas. `scope` binds a token to the caller and the query it came from: a
 * token from another API key or other filters is refused like a forged one.
 */
export class PageTokens {
  private readonly key: Buffer;

  constructor(encryptionKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', encryptionKey, '', 'page-tokens/v1', 32));
  }

  sign(scope: string, position: unknown): string {
    const body = Buffer.from(JSON.stringify({ p: position })).toString('base64url');
    return `${body}.${this.mac(scope, body).toString('base64url')}`;
  }

  /** The position a token carries; INVALID_ARGUMENT naming `field` if it was not made here for `scope`. */
  verify<P>(scope: string, token: string, field = 'data.pageToken'): P {
    const [body, mac, extra] = token.split('.');
    // Compared as text, not decoded bytes: base64 has spare bits, and a token with any
    // character changed must fail.
    const given = Buffer.from(mac ?? '');
    const expected = Buffer.from(this.mac(scope, body ?? '').toString('base64url'));
    if (
      extra !== undefined ||
      !body ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw ServiceError.invalidField(field, 'pageToken is not valid for this request');
    }
    return (JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: P }).p;
  }

  private mac(scope: string, body: string): Buffer {
    return createHmac('sha256', this.key)
      .update(scope)
      .update('\n')
      .update(body)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}
