import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { WriterPlan } from '../customer/writer.worker';
import { SubscriptionRunner } from '@app/event-store';
import { DataSource } from 'typeorm';
import { apiKeyHeaders, type BenchServer } from '../bench-server';

const COMMENTS_PER_CALL = 100;
/** How long deliveries are waited for; what arrived by then is reported. */
const WAIT_MS = Number(process.env.BENCH_WEBHOOK_WAIT_MS ?? 120_000);
/** API calls in flight at once when the events are written as fast as they are answered. */
const WRITERS = 4;

export interface WebhookRunOptions {
  /** Comment events written (in calls of 100). */
  events: number;
  /** Events offered a second (calls of 100 at a steady pace); none: as fast as answered. */
  eventsPerSecond?: number;
  /** A second destination, the processed URL: one answering 500 to every call, or 200. */
  beside?: 'failing' | 'healthy';
  /** The measured destination answers 500 to every other call (its retries' included). */
  halfFailing?: boolean;
  /** Names the organization, so that runs on one server do not share threads. */
  name: string;
}

/** What the receiver saw: each webhook-id's first arrival (epoch ms), and every call. */
interface Received {
  firstArrival: Map<string, number>;
  calls: number;
  failed: number;
}

/**
 * A local receiver in a worker thread (see receiver.worker.ts): `/fail` answers 500, `/half`
 * 500 to every other call, every other path 200 at once; arrivals at `/ok` and `/half` are
 * measured.
 */
class Receiver {
  private constructor(
    private readonly worker: Worker,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    const worker = new Worker(join(__dirname, '../customer/receiver.worker.js'));
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return new Receiver(worker, url);
  }

  async received(): Promise<Received> {
    const report = new Promise<{ firstArrival: [string, number][]; calls: number; failed: number }>(
      (resolve) => this.worker.once('message', resolve),
    );
    this.worker.postMessage('report');
    const { firstArrival, calls, failed } = await report;
    return { firstArrival: new Map(firstArrival), calls, failed };
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('close');
    await exited;
  }
}

export interface WebhookRun {
  events: number;
  /** Deliveries that reached the measured destination, and calls answered 500. */
  delivered: number;
  failingCalls: number;
  /** Events committed per second by the API calls. */
  writesPerSecond: number;
  /** Healthy deliveries per second, first commit to last arrival. */
  deliveriesPerSecond: number;
  /** Event commit (its created_at) to the first attempt's arrival at the receiver, in ms. */
  p50: number;
  p99: number;
  max: number;
  /** Of those, event commit → its delivery recorded by the trigger (p50, p99), in ms. */
  recordedP50: number;
  recordedP99: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Makes the calls of `plan` from a worker thread (see writer.worker.ts). */
async function write(plan: WriterPlan): Promise<{ started: number; written: number }> {
  const worker = new Worker(join(__dirname, '../customer/writer.worker.js'), { workerData: plan });
  try {
    const done = await new Promise<{ started: number; written: number; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (done.error) throw new Error(`writing the events failed: ${done.error}`);
    return done;
  } finally {
    await worker.terminate();
  }
}

/**
 * `events` comment events (`comment.add`, calls of 100 comments, each on a thread of its own)
 * for one API key whose raw URL is a local receiver answering 200 at once (with
 * `halfFailing`, 500 to every other call); with `beside`, its processed URL gets as many,
 * answering 500 to every call (and its retries) or 200.
 */
export async function webhookDeliveries(
  server: BenchServer,
  { events: wanted, eventsPerSecond, beside, halfFailing, name }: WebhookRunOptions,
): Promise<WebhookRun> {
  const CALLS = Math.ceil(wanted / COMMENTS_PER_CALL);
  const receiver = await Receiver.start();
  try {
    const h = await apiKeyHeaders(server);
    const organizationId = `hooks-${name}`;
    const target = { organizationId, documentId: 'doc' };
    await server.post(
      '/v2/organizations/documents/add',
      { organizationId, createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
    const author = { userId: 'ann', name: 'Ann Example', email: 'ann@example.com' };
    // The threads first, before any webhook is configured: only the comments are measured.
    await server.post(
      '/v2/commentannotations/add',
      {
        ...target,
        commentAnnotations: Array.from({ length: CALLS }, (_, i) => ({
          annotationId: `t${i}`,
          commentData: [{ commentText: 'start', from: author }],
        })),
      },
      h,
    );
    // Their events are through the trigger before there is a destination to send them to.
    await server.app.get(SubscriptionRunner).drain();
    await server.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: `${receiver.url}/${halfFailing ? 'half' : 'ok'}`,
          ...(beside && {
            processedNotificationUrl: `${receiver.url}/${beside === 'failing' ? 'fail' : 'also-ok'}`,
          }),
        },
      },
      h,
    );
    const events = CALLS * COMMENTS_PER_CALL;
    const { started, written } = await write({
      url: `${server.baseUrl}/v2/commentannotations/comments/add`,
      headers: h,
      writers: WRITERS,
      ...(eventsPerSecond && { callsPerSecond: eventsPerSecond / COMMENTS_PER_CALL }),
      bodies: Array.from({ length: CALLS }, (_, i) => ({
        ...target,
        annotationId: `t${i}`,
        commentData: Array.from({ length: COMMENTS_PER_CALL }, (_, j) => ({
          commentText: `comment ${j}`,
          from: author,
        })),
      })),
    });
    const deadline = Date.now() + WAIT_MS;
    let received = await receiver.received();
    while (received.firstArrival.size < events && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      received = await receiver.received();
    }
    const { firstArrival } = received;
    const rows: { delivery_id: string; event_at: Date; created_at: Date }[] = await server.app
      .get(DataSource)
      .query(
        `SELECT d.delivery_id, d.event_at, d.created_at FROM webhook_deliveries d
         WHERE d.api_key = $1 AND d.destination = 'raw' AND d.event_type = 'comment.add'`,
        [h['x-service-api-key']],
      );
    const latencies = rows
      .filter((r) => firstArrival.has(r.delivery_id))
      .map((r) => firstArrival.get(r.delivery_id)! - new Date(r.event_at).getTime())
      .sort((a, b) => a - b);
    const recorded = rows
      .map((r) => new Date(r.created_at).getTime() - new Date(r.event_at).getTime())
      .sort((a, b) => a - b);
    const firstCommit = Math.min(...rows.map((r) => new Date(r.event_at).getTime()));
    const lastArrival = latencies.length < events ? Date.now() : Math.max(...firstArrival.values());
    return {
      events: rows.length,
      delivered: latencies.length,
      failingCalls: received.failed,
      writesPerSecond: events / ((written - started) / 1000),
      deliveriesPerSecond: latencies.length / ((lastArrival - firstCommit) / 1000),
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies[latencies.length - 1],
      recordedP50: quantile(recorded, 0.5),
      recordedP99: quantile(recorded, 0.99),
    };
  } finally {
    await receiver.close();
  }
}
