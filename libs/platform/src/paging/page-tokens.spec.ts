import { randomBytes } from 'node:crypto';
import { ServiceError } from '../http/service-error';
import { PageTokens } from './page-tokens';

describe('PageTokens (D5.5)', () => {
  const tokens = new PageTokens(randomBytes(32));

  it('gives back the position it signed, for the same scope', () => {
    const token = tokens.sign('scope-a', 'org-0999');
    expect(tokens.verify('scope-a', token)).toBe('org-0999');
  });

  it('refuses the token with any single character changed, and in another scope', () => {
    const token = tokens.sign('scope-a', { last: 'org-0999' });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < token.length; i++) {
      const other = alphabet[(alphabet.indexOf(token[i]) + 1) % alphabet.length];
      const changed = token.slice(0, i) + other + token.slice(i + 1);
      expect(() => tokens.verify('scope-a', changed)).toThrow(ServiceError);
    }
    expect(() => tokens.verify('scope-b', token)).toThrow(ServiceError);
    expect(() => new PageTokens(randomBytes(32)).verify('scope-a', token)).toThrow(ServiceError);
  });
});
