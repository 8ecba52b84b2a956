import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../crypto/tokens';
import { ServiceError } from '../http/service-error';
import { Page } from './page';

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

  /**
   * A keyset read whose tokens answer only `apiKey` and `filter` (the read's name keeps one
   * operation's tokens out of another's).
   */
  read<P>(
    name: string,
    apiKey: string,
    filter: unknown,
    pageSize: number,
    pageToken: string | undefined,
    tokenField?: string,
  ): KeysetRead<P> {
    const scope = `${name}:${apiKey}:${sha256(JSON.stringify(filter))}`;
    return new KeysetRead<P>(this, scope, pageSize, pageToken, tokenField);
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

/** Ids of a filter as a token scope sees them: unique and sorted, or null for no filter. */
export const sortedIds = (ids?: readonly string[]): string[] | null =>
  ids ? [...new Set(ids)].sort() : null;

/**
 * One keyset read (D5.5): where it starts (`after`, from the token), how many rows to fetch
 * (`limit`: one more than the page, which says whether another follows; no count, no
 * offset), and the page made of what was fetched, with the next token when there is one.
 */
export class KeysetRead<P> {
  readonly after: P | null;
  readonly limit: number;

  constructor(
    private readonly tokens: PageTokens,
    private readonly scope: string,
    private readonly pageSize: number,
    pageToken: string | undefined,
    private readonly tokenField?: string,
  ) {
    this.after = pageToken ? tokens.verify<P>(scope, pageToken) : null;
    this.limit = pageSize + 1;
  }

  page<R, V>(rows: R[], positionOf: (row: R) => P, view: (row: R) => V): Page<V> {
    const page = rows.slice(0, this.pageSize);
    const next =
      rows.length > this.pageSize
        ? this.tokens.sign(this.scope, positionOf(page[page.length - 1]))
        : undefined;
    return new Page(page.map(view), next, this.tokenField);
  }
}
