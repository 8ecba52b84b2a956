import { FreshPayloads } from './fresh-payloads';

describe('FreshPayloads', () => {
  it('gives a payload once', () => {
    const fresh = new FreshPayloads();
    fresh.put('msg_1', '{"a":1}');
    expect(fresh.take('msg_1')).toBe('{"a":1}');
    expect(fresh.take('msg_1')).toBeUndefined();
  });

  it('forgets payloads older than a minute, the oldest first', () => {
    const fresh = new FreshPayloads();
    fresh.put('old', '{}', 0);
    fresh.put('newer', '{}', 30_000);
    fresh.put('now', '{}', 60_001);
    expect(fresh.take('old')).toBeUndefined();
    expect(fresh.take('newer')).toBe('{}');
    expect(fresh.take('now')).toBe('{}');
  });

  it('keeps no more than its budget, dropping the oldest', () => {
    const fresh = new FreshPayloads();
    const big = 'x'.repeat(12 * 1024 * 1024);
    fresh.put('a', big);
    fresh.put('b', big);
    fresh.put('c', big); // over 32 Mi characters: 'a' goes
    expect(fresh.take('a')).toBeUndefined();
    expect(fresh.take('b')).toBe(big);
    expect(fresh.take('c')).toBe(big);
  });
});
