import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** Whose email setting an unsubscribe link turns to `NONE`, and for which document (D14.3). */
export interface UnsubscribeTarget {
  apiKey: string;
  organizationId: string;
  documentId: string;
  userId: string;
}

/** The route a link points at; it needs no API key, only the link's signature. */
export const UNSUBSCRIBE_PATH = '/v2/email/unsubscribe';

const VERSION = 'u1';
const MAX_TOKEN_LENGTH = 4096;

/**
 * The HMAC key of unsubscribe links, derived from the server's encryption key under its own
 * label: a link's signature says nothing about any other secret the server keeps.
 */
export function unsubscribeKey(encryptionKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', encryptionKey, '', 'email-unsubscribe', 32));
}

const sign = (key: Buffer, payload: string): Buffer =>
  createHmac('sha256', key).update(payload, 'utf8').digest();

/**
 * `<payload>.<signature>`: the payload is base64url JSON of the target (readable by anyone
 * who holds the link, which is its recipient; nothing in it is a secret), the signature an
 * HMAC-SHA256 over the whole encoded payload, so no field can be changed or swapped.
 */
export function unsubscribeToken(key: Buffer, target: UnsubscribeTarget): string {
  const { apiKey, organizationId, documentId, userId } = target;
  const payload = Buffer.from(
    JSON.stringify([VERSION, apiKey, organizationId, documentId, userId]),
    'utf8',
  ).toString('base64url');
  return `${payload}.${sign(key, payload).toString('base64url')}`;
}

/** The link a recipient follows (or a mail client posts to, RFC 8058) to unsubscribe. */
export function unsubscribeUrl(publicUrl: string, key: Buffer, target: UnsubscribeTarget): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(key, target)}`;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * The target of a token whose signature holds (compared in constant time), else undefined:
 * a changed, truncated or foreign token is refused without telling why.
 */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): UnsubscribeTarget | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const parts = token.split('.');
  if (parts.length !== 2) return undefined;
  const [payload, signature] = parts;
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 5 || fields[0] !== VERSION) return undefined;
  const [, apiKey, organizationId, documentId, userId] = fields as unknown[];
  if (![apiKey, organizationId, documentId, userId].every(isText)) return undefined;
  return {
    apiKey: apiKey as string,
    organizationId: organizationId as string,
    documentId: documentId as string,
    userId: userId as string,
  };
}
