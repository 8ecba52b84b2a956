import { DELIVER_JOB } from './delivery';
import {
  attemptsWanted,
  DELIVERIES_PER_JOB,
  deliverJobsOf,
  type DeliveryToAttempt,
} from './delivery-jobs';

const to = (n: number, destination = 'raw', attempts = 0): DeliveryToAttempt[] =>
  Array.from({ length: n }, (_, i) => ({
    deliveryId: `msg_${destination}_${i}`,
    apiKey: 'key',
    destination,
    attempts,
  }));

describe('delivery jobs', () => {
  it('makes one job per destination and DELIVERIES_PER_JOB deliveries, in order', () => {
    const jobs = deliverJobsOf('first', [...to(DELIVERIES_PER_JOB + 1), ...to(2, 'processed')]);
    expect(jobs.map((j) => [j.data.lane, j.data.deliveryIds.length])).toEqual([
      ['key/raw', DELIVERIES_PER_JOB],
      ['key/raw', 1],
      ['key/processed', 2],
    ]);
    expect(jobs[0].data.deliveryIds[0]).toBe('msg_raw_0');
    expect(
      jobs.every((j) => j.name === DELIVER_JOB && j.id.startsWith(`${DELIVER_JOB}:first:`)),
    ).toBe(true);
  });

  it('gives the same deliveries at the same attempts (and round) the same id, anything else another', () => {
    const id = (kind: 'first' | 'retry' | 'replay', list: DeliveryToAttempt[], round?: string) =>
      deliverJobsOf(kind, list, round)[0].id;
    expect(id('retry', to(3, 'raw', 2))).toBe(id('retry', to(3, 'raw', 2)));
    expect(id('replay', to(3, 'raw', 2), 'r1')).toBe(id('replay', to(3, 'raw', 2), 'r1'));
    const ids = new Set([
      id('retry', to(3, 'raw', 2)),
      id('retry', to(3, 'raw', 3)),
      id('retry', to(2, 'raw', 2)),
      id('first', to(3, 'raw', 2)),
      id('replay', to(3, 'raw', 2), 'r1'),
      id('replay', to(3, 'raw', 2), 'r2'),
    ]);
    expect(ids.size).toBe(6);
  });

  it('reads the attempts a job is for, and any attempt for a job of one delivery', () => {
    const [job] = deliverJobsOf('retry', to(2, 'raw', 4));
    expect([...attemptsWanted(job.data)]).toEqual([
      ['msg_raw_0', 4],
      ['msg_raw_1', 4],
    ]);
    expect([...attemptsWanted({ deliveryId: 'msg_1' })]).toEqual([['msg_1', undefined]]);
  });
});
