import { Injectable } from '@nestjs/common';
import { JobContinuation, JobHandler, RetryJobLater, type JobRun } from '@app/platform';
import { DataSource } from 'typeorm';
import { DELIVER_JOB } from '../domain/delivery';
import {
  attemptsWanted,
  laneOf,
  type DeliverJobData,
  type SingleDeliveryJobData,
} from '../domain/delivery-jobs';
import { DestinationLanes } from './destination-lanes';
import { FreshPayloads } from './fresh-payloads';

interface DeliveryRow {
  delivery_id: string;
  api_key: string;
  destination: string;
  endpoint_id: string | null;
  attempts: number;
  max_attempts: number;
  sealed_payload: string | null;
  erased: boolean;
  wait_ms: number;
}

/** A delivery due within this long counts as due (the ledger's clock and this one's). */
const DUE_TOLERANCE_MS = 1_000;

/**
 * Runs delivery jobs (`webhooks.deliver`): reads the job's deliveries still pending at the
 * attempt count it was made for, and hands them to their destination's lane. The job goes
 * on as a continuation until their outcomes are recorded, and the recorder plans the next
 * attempts; a lane that is full puts the job off without using up an attempt.
 */
@Injectable()
export class WebhookDeliverer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly lanes: DestinationLanes,
    private readonly fresh: FreshPayloads,
  ) {}

  @JobHandler(DELIVER_JOB)
  async deliver(
    job: JobRun<DeliverJobData | SingleDeliveryJobData>,
  ): Promise<JobContinuation | void> {
    const wanted = attemptsWanted(job.data);
    // Known before reading payloads for the jobs that say their lane (all but older ones).
    const lane = 'lane' in job.data ? job.data.lane : undefined;
    if (lane !== undefined) this.needRoom(lane, wanted.size);
    // Payloads this process made a moment ago are not read back (see FreshPayloads).
    const fresh = new Map<string, string>();
    for (const id of wanted.keys()) {
      const json = this.fresh.take(id);
      if (json !== undefined) fresh.set(id, json);
    }
    // A destination that is down gets one request at a time: its lane reads what it sends.
    const unread = lane !== undefined && this.lanes.isDown(lane);
    const rows: DeliveryRow[] = await this.dataSource.query(
      `SELECT delivery_id, api_key, destination, endpoint_id, attempts, max_attempts,
         CASE WHEN $3 OR delivery_id = ANY($2::text[]) THEN NULL ELSE sealed_payload END
           AS sealed_payload, sealed_payload IS NULL AS erased,
         GREATEST(0, EXTRACT(EPOCH FROM next_attempt_at - now()) * 1000)::int AS wait_ms
       FROM webhook_deliveries WHERE delivery_id = ANY($1::text[]) AND status = 'pending'`,
      [[...wanted.keys()], [...fresh.keys()], unread],
    );
    // Attempted since (the outcome recorded, a later job planned) or ended: not this job's.
    const mine = rows.filter((r) => (wanted.get(r.delivery_id) ?? r.attempts) === r.attempts);
    if (mine.length === 0) return;
    const wait = Math.max(...mine.map((r) => r.wait_ms));
    if (wait > DUE_TOLERANCE_MS) throw new RetryJobLater(wait, false, 'not due yet');
    if (lane === undefined) this.needRoom(laneOf(mine[0].api_key, mine[0].destination), 1);
    const lastRun = job.attempt >= job.maxAttempts;
    const held = mine.map((r) => ({
      deliveryId: r.delivery_id,
      apiKey: r.api_key,
      destination: r.destination,
      endpointId: r.endpoint_id,
      attempts: r.attempts,
      maxAttempts: r.max_attempts,
      json: fresh.get(r.delivery_id),
      storedPayload: r.erased ? null : (r.sealed_payload ?? undefined),
      lastRun,
    }));
    return new JobContinuation(this.lanes.take(held, job.signal));
  }

  /** A full lane puts the job off until about when it has room, without using an attempt. */
  private needRoom(lane: string, count: number): void {
    if (!this.lanes.hasRoom(lane, count)) {
      throw new RetryJobLater(this.lanes.retryDelayMs(lane), false, 'destination busy');
    }
  }
}
