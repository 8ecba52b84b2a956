import type { HeldDelivery } from './attempt-recorder';
import { Lane, receiverState } from './lane';

const delivery = (deliveryId: string, attempts = 0): HeldDelivery => ({
  deliveryId,
  apiKey: 'key',
  destination: 'raw',
  endpointId: null,
  attempts,
  maxAttempts: 8,
  lastRun: false,
});

const lane = () => new Lane({ apiKey: 'key', destination: 'raw', endpointId: null }, 64);

describe('Lane', () => {
  it('holds a delivery once: taken in again at the same attempt, it joins the one held', () => {
    const l = lane();
    const told: string[] = [];
    l.hold(delivery('a'), 1, () => told.push('first job'));
    l.hold(delivery('a'), 2, () => told.push('second job'));
    l.hold(delivery('a', 1), 3, () => told.push('a later attempt'));
    expect(l.waiting.map((i) => i.take)).toEqual([1, 3]);
    l.waiting[0].settle();
    expect(told).toEqual(['first job', 'second job']);
    // Once settled it is not held: taken in again, it is held anew.
    l.hold(delivery('a'), 4, () => told.push('third job'));
    expect(l.waiting.map((i) => i.take)).toEqual([1, 3, 4]);
  });

  it('tells how long what it holds takes to go out: concurrency, answers, rate limit, down', () => {
    const l = lane();
    expect(l.drainMs()).toBe(0);
    for (let i = 0; i < 80; i++) l.hold(delivery(`d${i}`), i, () => undefined);
    l.meanMs = 100; // 8 at a time to begin with: 80 a second
    expect(l.drainMs()).toBeCloseTo(1000);
    expect(l.drainMs(80)).toBeCloseTo(2000);
    // An endpoint's rate limit of 2 a second bounds it more.
    l.target = {
      value: { url: 'http://x', signingKey: Buffer.alloc(0), format: {}, rateLimit: 2 },
      readAt: 0,
      afterTake: 0,
    };
    expect(l.drainMs()).toBeCloseTo(40_000);
    // Down: everything waiting goes with the next probe's answer.
    for (let i = 0; i < 8; i++) l.concurrency.failed(l.concurrency.start(), true);
    expect(l.concurrency.down).toBe(true);
    expect(l.drainMs()).toBe(l.concurrency.pauseMs + l.meanMs);
  });
});

describe('receiverState', () => {
  it('takes no answer, 408, 429, 502-504 and 521-524 for overload, other 5xx for a failing call, the rest for a receiver that is there', () => {
    const overloaded = [undefined, 408, 429, 502, 503, 504, 521, 522, 523, 524];
    const failing = [500, 501, 505, 520, 599];
    const there = [200, 204, 301, 400, 404, 410];
    expect(overloaded.map(receiverState)).toEqual(overloaded.map(() => 'overloaded'));
    expect(failing.map(receiverState)).toEqual(failing.map(() => 'failing'));
    expect(there.map(receiverState)).toEqual(there.map(() => 'there'));
  });
});
