import { randomBytes } from 'node:crypto';
import { SecretBox } from '@app/platform';
import { openPayload, sealPayload } from './stored-payload';

describe('stored webhook payloads', () => {
  const box = new SecretBox(randomBytes(32));
  const comments = Array.from({ length: 50 }, (_, i) => ({
    commentId: i,
    commentText: `comment ${i} — naïve café`,
    from: { userId: 'ann', name: 'Ann Example', email: 'ann@example.com' },
  }));
  const json = JSON.stringify({ event: 'comment.add', data: { commentAnnotation: { comments } } });

  it('opens what it sealed, byte for byte', () => {
    expect(openPayload(box, sealPayload(box, json))).toBe(json);
  });

  it('keeps a thread several times smaller than its JSON, and none of it readable', () => {
    const stored = sealPayload(box, json);
    expect(stored.length).toBeLessThan(json.length / 4);
    expect(stored).not.toContain('ann@example.com');
  });

  it('opens payloads stored before compression (the sealed JSON alone)', () => {
    expect(openPayload(box, box.seal(json))).toBe(json);
  });

  it('refuses a payload sealed under another key', () => {
    const other = new SecretBox(randomBytes(32));
    expect(() => openPayload(box, sealPayload(other, json))).toThrow();
  });
});
