import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SubscriptionRunner } from '@app/event-store';
import { DataSource } from 'typeorm';
import { apiKeyHeaders, type BenchServer } from './bench-server';
import type { WriterPlan } from './customer/writer.worker';
import { quantile } from './notifications-caller';

const THREADS = 100;
const COMMENTS_PER_CALL = 100;
/** API calls in flight at once, as the webhook scenario's writers. */
const WRITERS = 4;
/** How long emails are waited for; what arrived by then is reported. */
const WAIT_MS = Number(process.env.BENCH_EMAIL_WAIT_MS ?? 180_000);
/** The goal of the issue that added email (Postgres + Redis). */
const GOAL_PER_SECOND = 500;

/** The local mail relay (see relay.worker.ts): started before the server, which needs its URL. */
export class BenchRelay {
  private constructor(
    private readonly worker: Worker,
    readonly url: string,
  ) {}

  static async start(): Promise<BenchRelay> {
    const worker = new Worker(join(__dirname, 'customer/relay.worker.js'));
    const { url } = await new Promise<{ url: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return new BenchRelay(worker, url);
  }

  async accepted(): Promise<{ accepted: Map<string, number>; messages: number }> {
    const report = new Promise<{ accepted: [string, number][]; messages: number }>((resolve) =>
      this.worker.once('message', resolve),
    );
    this.worker.postMessage('report');
    const { accepted, messages } = await report;
    return { accepted: new Map(accepted), messages };
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage('close');
    await exited;
  }
}

async function write(plan: WriterPlan): Promise<{ started: number; written: number }> {
  const worker = new Worker(join(__dirname, 'customer/writer.worker.js'), { workerData: plan });
  try {
    const done = await new Promise<{ started: number; written: number; error?: string }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (done.error) throw new Error(`writing the comments failed: ${done.error}`);
    return done;
  } finally {
    await worker.terminate();
  }
}

/**
 * 10,000 mentions → 10,000 emails through a local SMTP relay (`type: default`): comments that
 * tag Bob, 100 a call on 100 threads Ann started before notifications and email were turned on,
 * so each comment makes one notification and one email to Bob. Each comment's text carries a
 * marker the relay finds in the message it accepts; the time from the comment's event commit
 * (`events.created_at`) to that acceptance is the latency printed, and emails/s is counted from
 * the first commit to the last acceptance.
 */
export async function emailBench(server: BenchServer, relay: BenchRelay): Promise<void> {
  const h = await apiKeyHeaders(server);
  const target = { organizationId: 'mail', documentId: 'doc' };
  await server.post(
    '/v2/organizations/documents/add',
    {
      organizationId: target.organizationId,
      createOrganization: true,
      documents: [{ documentId: 'doc' }],
    },
    h,
  );
  const ann = { userId: 'ann', name: 'Ann Example', email: 'ann@example.com' };
  const bob = { userId: 'bob', name: 'Bob Example', email: 'bob@example.com' };
  await server.post(
    '/v2/commentannotations/add',
    {
      ...target,
      commentAnnotations: Array.from({ length: THREADS }, (_, t) => ({
        annotationId: `t${t}`,
        commentData: [{ commentText: 'start', from: ann }],
      })),
    },
    h,
  );
  await server.app.get(SubscriptionRunner).drain();
  await server.post('/v2/workspace/notificationconfig/update', { useNotificationService: true }, h);
  await server.post(
    '/v2/workspace/emailconfig/update',
    {
      useEmailService: true,
      emailServiceConfig: {
        type: 'default',
        fromEmail: 'notify@example.com',
        fromCompany: 'Bench',
      },
    },
    h,
  );
  const expected = THREADS * COMMENTS_PER_CALL;
  const { started, written } = await write({
    url: `${server.baseUrl}/v2/commentannotations/comments/add`,
    headers: h,
    writers: WRITERS,
    bodies: Array.from({ length: THREADS }, (_, t) => ({
      ...target,
      annotationId: `t${t}`,
      commentData: Array.from({ length: COMMENTS_PER_CALL }, (_, c) => ({
        commentText: `mk${t}x${c} for Bob`,
        from: ann,
        taggedUserContacts: [{ userId: bob.userId, contact: bob }],
      })),
    })),
  });
  const deadline = Date.now() + WAIT_MS;
  let report = await relay.accepted();
  while (report.accepted.size < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    report = await relay.accepted();
  }
  const rows: { marker: string; created_at: Date }[] = await server.app.get(DataSource).query(
    `SELECT substring(data::text from 'mk[0-9]+x[0-9]+') AS marker, created_at FROM events
     WHERE type = 'collaboration.comment-added' AND data->>'apiKey' = $1
       AND data::text ~ 'mk[0-9]+x[0-9]+'`,
    [h['x-service-api-key']],
  );
  const committed = new Map(rows.map((r) => [r.marker, new Date(r.created_at).getTime()]));
  const latencies = [...report.accepted]
    .filter(([marker]) => committed.has(marker))
    .map(([marker, at]) => at - committed.get(marker)!)
    .sort((a, b) => a - b);
  const firstCommit = Math.min(...committed.values());
  const lastAccepted = Math.max(...report.accepted.values());
  const perSecond = latencies.length / ((lastAccepted - firstCommit) / 1000);
  console.log(
    `\nemail: ${expected} mentions written at ${(expected / ((written - started) / 1000)).toFixed(0)}/s; ` +
      `${latencies.length} emails accepted by the local SMTP relay (${report.messages} messages in all) ` +
      `at ${perSecond.toFixed(0)}/s (goal ≥ ${GOAL_PER_SECOND}/s); event commit → accepted: ` +
      `p50 ${quantile(latencies, 0.5)} ms, p99 ${quantile(latencies, 0.99)} ms, ` +
      `max ${latencies[latencies.length - 1]} ms`,
  );
  if (latencies.length < expected) {
    console.log(`email: ${expected - latencies.length} emails had not arrived after ${WAIT_MS} ms`);
  }
}
