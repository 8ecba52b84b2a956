import { Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { receiverState } from './adaptive-concurrency';
import type { ClaimedDelivery, Outcome } from './attempt-recorder';
import { DestinationLane, type LaneContext } from './destination-lane';
import type { SendOutcome } from './http-sender';
import type { Target } from './webhook-targets';

const delivery = (deliveryId: string): ClaimedDelivery => ({
  deliveryId,
  apiKey: 'key',
  destination: 'raw',
  endpointId: null,
  attempts: 0,
  maxAttempts: 8,
  storedPayload: null,
  claimedAt: Date.now(),
  checkedAt: Date.now(),
});

const target: Target = { url: 'http://x', signingKey: Buffer.alloc(32), format: {} };

/** A lane whose sends wait for the test, and whose outcomes are kept. */
function laneWith(
  read: () => Target | undefined | Promise<Target | undefined>,
  payload: string | null = 'stored',
) {
  const answers: ((o: SendOutcome) => void)[] = [];
  const outcomes: [string, Outcome][] = [];
  /** Which deliveries the database still holds pending; all unless a test says. */
  const pending = { has: (_: ClaimedDelivery) => true };
  const checked: string[][] = [];
  const dropped: [number, unknown][] = [];
  const context: LaneContext = {
    targets: { of: async () => read() },
    sender: { send: () => new Promise<SendOutcome>((resolve) => answers.push(resolve)) },
    payloadOf: () => '{}',
    stillPending: async (deliveries) => {
      checked.push(deliveries.map((d) => d.deliveryId));
      return deliveries.filter((d) => pending.has(d));
    },
    manager: {} as EntityManager,
    logger: new Logger('test'),
    finish: async (d, o) => void outcomes.push([d.deliveryId, o]),
    drop: (deliveries, why) => void dropped.push([deliveries.length, why]),
  };
  const lane = new DestinationLane(
    { apiKey: 'key', destination: 'raw', endpointId: null },
    2,
    context,
  );
  const items = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...delivery(`d${i}`), storedPayload: payload }));
  return { lane, answers, outcomes, items, pending, checked, dropped };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('DestinationLane', () => {
  it('keeps at most its concurrency in flight, starting the next as one is answered', async () => {
    const { lane, answers, outcomes, items } = laneWith(() => target);
    lane.take(items(5));
    await tick();
    expect(answers).toHaveLength(2);
    expect(lane.inFlight).toBe(2);
    answers[0]({ status: 200, durationMs: 1 });
    await tick();
    expect(answers).toHaveLength(3);
    expect(outcomes.map(([id]) => id)).toEqual(['d0']);
    answers.slice(1).forEach((answer) => answer({ status: 200, durationMs: 1 }));
    await tick();
    answers.slice(3).forEach((answer) => answer({ status: 200, durationMs: 1 }));
    await tick();
    expect(outcomes.map(([id]) => id).sort()).toEqual(['d0', 'd1', 'd2', 'd3', 'd4']);
    expect(lane.idle).toBe(true);
  });

  it('reads again, in one statement, what waited over a second; what ended is not sent', async () => {
    const { lane, answers, outcomes, items, pending, checked } = laneWith(() => target);
    const claimed = items(4).map((d, i) => ({ ...d, checkedAt: Date.now() - (i < 3 ? 2000 : 0) }));
    pending.has = (d) => d.deliveryId !== 'd1';
    lane.take(claimed);
    await tick();
    expect(checked).toEqual([['d0', 'd1', 'd2']]);
    expect(answers).toHaveLength(2);
    answers.forEach((answer) => answer({ status: 200, durationMs: 1 }));
    await tick();
    answers.slice(2).forEach((answer) => answer({ status: 200, durationMs: 1 }));
    await tick();
    expect(outcomes.map(([id]) => id).sort()).toEqual(['d0', 'd2', 'd3']);
    expect(checked).toHaveLength(1);
  });

  it('ends the deliveries of a destination removed since without an attempt', async () => {
    const { lane, answers, outcomes, items } = laneWith(() => undefined);
    lane.take(items(3));
    await tick();
    expect(answers).toHaveLength(0);
    expect(outcomes.map(([, o]) => o)).toEqual(
      Array(3).fill({ attempted: false, reason: 'destination removed or turned off' }),
    );
  });

  it('starts nothing when stopped while it read its destination', async () => {
    let readDone: (t: Target) => void = () => undefined;
    const { lane, answers, outcomes, items, dropped } = laneWith(
      () => new Promise<Target>((resolve) => (readDone = resolve)),
    );
    lane.take(items(2));
    await tick();
    expect(lane.stop()).toHaveLength(2);
    readDone(target);
    await tick();
    expect([answers.length, outcomes.length, dropped, lane.inFlight, lane.idle]).toEqual([
      0,
      0,
      [],
      0,
      true,
    ]);
  });

  it('tells how long what it holds takes to go out: concurrency, answers, rate limit, down', () => {
    const { lane } = laneWith(() => target);
    expect(lane.drainMs()).toBe(0);
    lane.waiting.push(...Array.from({ length: 80 }, (_, i) => delivery(`d${i}`)));
    lane.meanMs = 100; // 2 at a time: 20 a second
    expect(lane.drainMs()).toBeCloseTo(4000);
    expect(lane.drainMs(80)).toBeCloseTo(8000);
    // An endpoint's rate limit of 2 a second bounds it more.
    lane.target = { value: { ...target, rateLimit: 2 }, readAt: 0 };
    expect(lane.drainMs()).toBeCloseTo(40_000);
    // Down: everything waiting goes with the next probe's answer.
    for (let i = 0; i < 8; i++) lane.concurrency.failed(lane.concurrency.start(), true);
    expect(lane.concurrency.down).toBe(true);
    expect(lane.drainMs()).toBe(lane.concurrency.pauseMs + lane.meanMs);
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
