import { AdaptiveConcurrency } from './adaptive-concurrency';

/**
 * Starts `n` attempts at once and settles them all the same way: succeeded, failed with an
 * answer saying the receiver cannot take more, or failed otherwise (a 500).
 */
function round(c: AdaptiveConcurrency, n: number, ok: boolean | 'failing'): void {
  const attempts = Array.from({ length: n }, () => c.start());
  for (const a of attempts) {
    if (ok === true) c.succeeded();
    else c.failed(a, ok === false);
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

  it('cuts nothing for failures that are not overload: a receiver failing every other call keeps growing', () => {
    const c = new AdaptiveConcurrency(64);
    for (let i = 0; i < 200; i++) {
      const n = c.limit;
      for (let j = 0; j < n; j++) round(c, 1, j % 2 === 0 ? 'failing' : true);
    }
    expect(c.down).toBe(false);
    expect(c.pauseMs).toBe(0);
    expect(c.limit).toBeGreaterThan(8);
  });

  it('counts a destination failing every call down after 20, then sends one at a time, pausing longer after each failure, until one succeeds', () => {
    const c = new AdaptiveConcurrency(64);
    round(c, 8, 'failing');
    round(c, 8, 'failing');
    expect(c.limit).toBe(8);
    expect(c.down).toBe(false);
    round(c, 4, 'failing');
    expect(c.down).toBe(true);
    expect(c.limit).toBe(1);
    expect(c.pauseMs).toBe(0);
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      round(c, 1, 'failing');
      pauses.push(c.pauseMs);
    }
    expect(pauses).toEqual([10, 20, 40, 80, 160, 320, 640, 1000]);
    round(c, 1, true);
    expect(c.down).toBe(false);
    expect(c.pauseMs).toBe(0);
  });

  it('does not count attempts in flight when it went down as its probes', () => {
    const c = new AdaptiveConcurrency(64);
    const inFlight = Array.from({ length: 8 }, () => c.start());
    round(c, 20, 'failing');
    expect(c.down).toBe(true);
    for (const a of inFlight) c.failed(a, true);
    expect(c.pauseMs).toBe(0);
  });
});
