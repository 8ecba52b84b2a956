import { AdaptiveConcurrency } from './adaptive-concurrency';

/** Starts `n` attempts at once and settles them all the same way. */
function round(c: AdaptiveConcurrency, n: number, ok: boolean): void {
  const attempts = Array.from({ length: n }, () => c.start());
  for (const a of attempts) {
    if (ok) c.succeeded();
    else c.failed(a);
  }
}

describe('AdaptiveConcurrency', () => {
  it('starts at 8 (or the most allowed) and grows by one a round of successes, to the most', () => {
    expect(new AdaptiveConcurrency(4).limit).toBe(4);
    const c = new AdaptiveConcurrency(10);
    expect(c.limit).toBe(8);
    round(c, 8, true);
    expect(c.limit).toBe(9);
    for (let i = 0; i < 5; i++) round(c, c.limit, true);
    expect(c.limit).toBe(10);
  });

  it('halves once for a round of failures, again for the next round', () => {
    const c = new AdaptiveConcurrency(64);
    round(c, 8, false);
    expect(c.limit).toBe(4);
    round(c, 4, false);
    expect(c.limit).toBe(2);
  });

  it('pauses a destination failing one attempt at a time, doubling to a second, and counts it down after 3, until it answers', () => {
    const c = new AdaptiveConcurrency(64);
    for (let i = 0; i < 4; i++) round(c, c.limit, false);
    expect(c.limit).toBe(1);
    const pauses: number[] = [];
    const down: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      pauses.push(c.pauseMs);
      down.push(c.down);
      round(c, 1, false);
    }
    expect(pauses).toEqual([10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000]);
    expect(down.indexOf(true)).toBe(2);
    round(c, 1, true);
    expect(c.pauseMs).toBe(0);
    expect(c.down).toBe(false);
    for (let i = 0; i < 20; i++) round(c, c.limit, true);
    expect(c.limit).toBeGreaterThan(6);
  });

  it('does not pause after a failure or two', () => {
    const c = new AdaptiveConcurrency(64);
    round(c, 1, false);
    round(c, 1, false);
    expect(c.pauseMs).toBe(0);
  });
});
