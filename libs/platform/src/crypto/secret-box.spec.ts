import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, text and bytes', () => {
    expect(box.open(box.seal('naïve café ✓'))).toBe('naïve café ✓');
    const bytes = randomBytes(100);
    expect(box.openBytes(box.sealBytes(bytes)).equals(bytes)).toBe(true);
  });

  it('never uses an IV twice, across refills of its pool', () => {
    const ivs = Array.from({ length: 2000 }, () => box.seal('x').split('.')[1]);
    expect(new Set(ivs).size).toBe(ivs.length);
  });

  it('refuses a sealed value that was changed, or sealed under another key', () => {
    const [version, iv, tag, body] = box.seal('secret').split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(box.seal('secret'))).toThrow();
  });
});
