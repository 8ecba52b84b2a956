import { randomBytes } from 'node:crypto';
import {
  unsubscribeKey,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
  type UnsubscribeTarget,
} from './unsubscribe-link';

describe('unsubscribe links', () => {
  const key = unsubscribeKey(randomBytes(32));
  const target: UnsubscribeTarget = {
    apiKey: 'key-1',
    organizationId: 'org "one"',
    documentId: 'doc/1',
    userId: 'user.1',
  };

  it('points at the public URL and carries a token this server reads back', () => {
    const url = new URL(unsubscribeUrl('https://mail.example.com/', key, target));
    expect(`${url.origin}${url.pathname}`).toBe('https://mail.example.com/v2/email/unsubscribe');
    expect(verifyUnsubscribeToken(key, url.searchParams.get('token'))).toEqual(target);
  });

  it('derives its key from the encryption key, under its own label', () => {
    const secret = randomBytes(32);
    expect(unsubscribeKey(secret).equals(unsubscribeKey(secret))).toBe(true);
    expect(unsubscribeKey(secret).equals(secret)).toBe(false);
  });

  it('refuses a token with any field changed, a flipped signature, or another key', () => {
    const token = unsubscribeToken(key, target);
    const [payload, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify(['u1', 'key-1', 'org "one"', 'doc/2', 'user.1']),
    ).toString('base64url');
    expect(verifyUnsubscribeToken(key, `${other}.${signature}`)).toBeUndefined();
    const flipped = Buffer.from(signature, 'base64url');
    flipped[0] ^= 1;
    expect(
      verifyUnsubscribeToken(key, `${payload}.${flipped.toString('base64url')}`),
    ).toBeUndefined();
    expect(verifyUnsubscribeToken(unsubscribeKey(randomBytes(32)), token)).toBeUndefined();
    for (const bad of [undefined, 42, '', token.slice(0, -2), `${token}.x`, payload, `${token}x`]) {
      expect(verifyUnsubscribeToken(key, bad)).toBeUndefined();
    }
  });

  it('refuses a signed target with an empty field', () => {
    const empty = unsubscribeToken(key, { ...target, userId: '' });
    expect(verifyUnsubscribeToken(key, empty)).toBeUndefined();
  });
});
