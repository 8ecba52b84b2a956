import { createHash } from 'node:crypto';
import type { Job } from '@app/platform';
import { DELIVER_JOB, MAX_ATTEMPTS } from './delivery';

/** Deliveries a job attempts together; they share a destination. */
export const DELIVERIES_PER_JOB = 100;
/**
 * Ledger attempts of a delivery job. Its deliveries count their own attempts; the job's
 * count runs that failed without recording them (a database error, a crash), with room.
 */
export const DELIVER_JOB_BUDGET = MAX_ATTEMPTS + 4;

/** A delivery job: its destination's lane, its deliveries and the attempts each had then. */
export interface DeliverJobData {
  lane: string;
  deliveryIds: string[];
  attempts: number[];
}

/** A job made before jobs held several deliveries: one delivery, whatever its attempts. */
export interface SingleDeliveryJobData {
  deliveryId: string;
}

/**
 * Why a job is made: a delivery's first attempt, a retry on the schedule, a retry asked for
 * through the API (`replay`), or a pending delivery that had no job any more (`resume`).
 */
export type DeliverJobKind = 'first' | 'retry' | 'replay' | 'resume';

export interface DeliveryToAttempt {
  deliveryId: string;
  apiKey: string;
  destination: string;
  /** Attempts made so far. */
  attempts: number;
}

/** Deliveries to one destination share its lane: its concurrency and rate limits. */
export const laneOf = (apiKey: string, destination: string) => `${apiKey}/${destination}`;

/**
 * The jobs that attempt `deliveries`: one per destination and DELIVERIES_PER_JOB, in the order
 * given. A job's id comes from its kind and its deliveries with their attempt counts, so
 * making the same jobs again (a replayed trigger, outcomes recorded twice) makes nothing new;
 * and from `round` for the kinds that may be made again for the same state on purpose (a
 * replay asked for twice, a resume an hour later): each round is a job of its own.
 */
export function deliverJobsOf(
  kind: DeliverJobKind,
  deliveries: DeliveryToAttempt[],
  round = '',
): Job<DeliverJobData>[] {
  const byLane = new Map<string, DeliveryToAttempt[]>();
  for (const d of deliveries) {
    const lane = laneOf(d.apiKey, d.destination);
    const same = byLane.get(lane);
    if (same) same.push(d);
    else byLane.set(lane, [d]);
  }
  const jobs: Job<DeliverJobData>[] = [];
  for (const [lane, list] of byLane) {
    for (let i = 0; i < list.length; i += DELIVERIES_PER_JOB) {
      const chunk = list.slice(i, i + DELIVERIES_PER_JOB);
      const key = chunk.map((d) => `${d.deliveryId}@${d.attempts}`).join(',');
      const digest = createHash('sha256').update(`${kind}\n${round}\n${key}`).digest('base64url');
      jobs.push({
        id: `${DELIVER_JOB}:${kind}:${digest.slice(0, 32)}`,
        name: DELIVER_JOB,
        data: {
          lane,
          deliveryIds: chunk.map((d) => d.deliveryId),
          attempts: chunk.map((d) => d.attempts),
        },
      });
    }
  }
  return jobs;
}

/** A job's deliveries, each with the attempts it is for (any, for a single-delivery job). */
export function attemptsWanted(
  data: DeliverJobData | SingleDeliveryJobData,
): Map<string, number | undefined> {
  if ('deliveryId' in data) return new Map([[data.deliveryId, undefined]]);
  return new Map(data.deliveryIds.map((id, i) => [id, data.attempts[i]]));
}
