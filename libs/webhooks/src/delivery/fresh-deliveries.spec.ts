import { FreshDeliveries } from './fresh-deliveries';

describe('FreshDeliveries', () => {
  it('gives a payload once', () => {
    const fresh = new FreshDeliveries();
    fresh.put('msg_1', '{"a":1}', 'lane');
    expect(fresh.take('msg_1')).toBe('{"a":1}');
    expect(fresh.take('msg_1')).toBeUndefined();
  });

  it('forgets payloads older than a minute, the oldest first', () => {
    const fresh = new FreshDeliveries();
    fresh.put('old', '{}', 'lane', 0);
    fresh.put('newer', '{}', 'lane', 30_000);
    fresh.put('now', '{}', 'lane', 60_001);
    expect(fresh.take('old')).toBeUndefined();
    expect(fresh.take('newer')).toBe('{}');
    expect(fresh.take('now')).toBe('{}');
  });

  it('keeps no more than its budget, dropping the oldest', () => {
    const fresh = new FreshDeliveries();
    const big = 'x'.repeat(12 * 1024 * 1024);
    fresh.put('a', big, 'lane');
    fresh.put('b', big, 'lane');
    fresh.put('c', big, 'lane'); // over 32 Mi characters: 'a' goes
    expect(fresh.take('a')).toBeUndefined();
    expect(fresh.take('b')).toBe(big);
    expect(fresh.take('c')).toBe(big);
  });
});

describe('FreshDeliveries.toClaim', () => {
  it('answers what was handed over, oldest first, once, leaving out the full lanes', () => {
    const fresh = new FreshDeliveries();
    ['a', 'b', 'c', 'd'].forEach((id, i) => fresh.put(id, '{}', i === 1 ? 'full' : 'lane'));
    expect(fresh.toClaim(2, new Set(['full']))).toEqual(['a', 'c']);
    expect(fresh.toClaim(5, new Set())).toEqual(['d']);
    expect(fresh.hasUnclaimed).toBe(false);
    expect(fresh.take('b')).toBe('{}');
  });
});
