import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { apiKeyHeaders, type BenchServer } from '../bench-server';

const COMMENTS_PER_CALL = 100;
const CALLS = Math.ceil(Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000) / COMMENTS_PER_CALL);
/** How long deliveries are waited for; what arrived by then is reported. */
const WAIT_MS = Number(process.env.BENCH_WEBHOOK_WAIT_MS ?? 120_000);
/** API calls in flight at once while the events are written. */
const WRITERS = 4;

/** A local receiver: the first arrival of each webhook-id; `/fail` answers 500, others 200. */
class Receiver {
  readonly firstArrival = new Map<string, number>();
  calls = 0;
  failed = 0;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<Receiver> {
    const self: { r?: Receiver } = {};
    const server = createServer((req, res) => {
      const at = Date.now();
      const id = String(req.headers['webhook-id']);
      req.resume();
      req.on('end', () => {
        const r = self.r!;
        r.calls++;
        if (req.url === '/fail') {
          r.failed++;
          res.writeHead(500).end('no');
          return;
        }
        if (!r.firstArrival.has(id)) r.firstArrival.set(id, at);
        res.writeHead(200).end('ok');
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    self.r = new Receiver(server, `http://127.0.0.1:${port}`);
    return self.r;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface WebhookRun {
  events: number;
  /** Healthy deliveries (to the destination answering 200) and the failing destination's calls. */
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
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * 10,000 comment events (`comment.add`, 100 calls of 100 comments, WRITERS calls at a time)
 * for one API key whose raw URL is a local receiver answering 200 at once; with `failing`,
 * its processed URL answers 500 to every call (half of all calls, and their retries).
 */
export async function webhookDeliveries(
  server: BenchServer,
  failing: boolean,
): Promise<WebhookRun> {
  const receiver = await Receiver.start();
  try {
    const h = await apiKeyHeaders(server);
    const organizationId = `hooks-${failing ? 'half' : 'healthy'}`;
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
    await server.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: `${receiver.url}/ok`,
          ...(failing && { processedNotificationUrl: `${receiver.url}/fail` }),
        },
      },
      h,
    );
    const events = CALLS * COMMENTS_PER_CALL;
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < CALLS; i = next++) {
          await server.post(
            '/v2/commentannotations/comments/add',
            {
              ...target,
              annotationId: `t${i}`,
              commentData: Array.from({ length: COMMENTS_PER_CALL }, (_, j) => ({
                commentText: `comment ${j}`,
                from: author,
              })),
            },
            h,
          );
        }
      }),
    );
    const written = Date.now();
    const deadline = Date.now() + WAIT_MS;
    const arrived = () => [...receiver.firstArrival.keys()].length;
    while (arrived() < events && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const rows: { delivery_id: string; event_at: Date }[] = await server.app.get(DataSource).query(
      `SELECT d.delivery_id, d.event_at FROM webhook_deliveries d
         WHERE d.api_key = $1 AND d.destination = 'raw' AND d.event_type = 'comment.add'`,
      [h['x-service-api-key']],
    );
    const latencies = rows
      .filter((r) => receiver.firstArrival.has(r.delivery_id))
      .map((r) => receiver.firstArrival.get(r.delivery_id)! - new Date(r.event_at).getTime())
      .sort((a, b) => a - b);
    const firstCommit = Math.min(...rows.map((r) => new Date(r.event_at).getTime()));
    const lastArrival =
      receiver.firstArrival.size < events
        ? Date.now()
        : Math.max(...receiver.firstArrival.values());
    return {
      events: rows.length,
      delivered: receiver.firstArrival.size,
      failingCalls: receiver.failed,
      writesPerSecond: events / ((written - started) / 1000),
      deliveriesPerSecond: receiver.firstArrival.size / ((lastArrival - firstCommit) / 1000),
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies[latencies.length - 1],
    };
  } finally {
    await receiver.close();
  }
}
