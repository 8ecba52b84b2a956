import { startBenchServer, type BenchServer } from './bench-server';
import { addDocuments, type Timings } from './scenarios/documents';
import { eraseBesideOtherTenants } from './scenarios/erasure-beside-other-tenants';
import { logGrowth } from './scenarios/log-growth';
import { readOrganizations } from './scenarios/organizations';
import { deleteUserData } from './scenarios/user-data-deletion';
import { webhookDeliveries, type WebhookRun } from './scenarios/webhooks';
import { median } from './stats';

const SCENARIOS = ['timings', 'deletion', 'log-growth', 'erasure', 'webhooks'];

/**
 * `npm run bench`: the server on real Postgres when DATABASE_URL is set (else embedded), over
 * HTTP on a local port. Scenarios:
 * - timings: medians of BENCH_RUNS runs (default 25, at least 20), each figure with its ratio
 *   to the floor (a plain multi-row INSERT of the same rows);
 * - deletion: operation 16 with BENCH_GDPR_RECORDS (default 100,000; 0 skips) records of one
 *   user, one run, as the job deletes what it measures;
 * - log-growth: bytes appended per comment in a 1000-comment thread;
 * - erasure: one user's deletion (BENCH_ERASURE_RECORDS, default 300) with no other tenant's
 *   events in the log and beside BENCH_OTHER_EVENTS (default 1,000,000), medians of
 *   BENCH_ERASURE_RUNS (default 5);
 * - webhooks: 10,000 comment events delivered to a local receiver answering 200 at once
 *   (deliveries/s, p50/p99 of event commit → first attempt), then again beside a second
 *   destination answering 500 to every call (its retries must not slow the healthy one).
 * `npm run bench -- <scenario>...` runs only the named ones; none runs them all.
 */
async function main(only: string[]): Promise<void> {
  const runs = Math.max(20, Number(process.env.BENCH_RUNS ?? 25));
  const unknown = only.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}: one of ${SCENARIOS.join(', ')}`);
  }
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const server = await startBenchServer();
  try {
    const database = server.config.databaseUrl
      ? 'Postgres (DATABASE_URL)'
      : 'embedded PGlite (in memory)';
    const queue = server.config.redisUrl ? 'Bull on Redis' : 'in-process';
    console.log(
      `database: ${database}; queue: ${queue}; node ${process.version}; ${runs} runs each\n`,
    );
    if (wanted('timings')) await timings(server, runs);
    const records = Number(process.env.BENCH_GDPR_RECORDS ?? 100_000);
    if (wanted('deletion') && records > 0) {
      const d = await deleteUserData(server, records);
      console.log(
        `\nop 16 with ${d.records} records of the user (seeded in ${(d.seedMs / 1000).toFixed(1)} s): ` +
          `202 answered in ${d.answerMs.toFixed(1)} ms; ` +
          `the job (${d.tasksCount} tasks) completed in ${(d.jobMs / 1000).toFixed(1)} s`,
      );
    }
    if (wanted('log-growth')) {
      const g = await logGrowth(server);
      console.log(
        `\nlog growth, a thread of ${g.comments} comments added one call each: bytes appended per ` +
          `comment ${g.first.toFixed(0)} (first 100), ${g.last.toFixed(0)} (last 100); ` +
          `smallest ${g.min}, largest ${g.max}`,
      );
    }
    if (wanted('erasure')) await erasure(server);
    if (wanted('webhooks')) await webhooks(server);
  } finally {
    await server.close();
  }
}

/** Medians of the timed figures, each with its ratio to the floor. */
async function timings(server: BenchServer, runs: number): Promise<void> {
  const figures: Timings[] = [
    ...(await addDocuments(server, runs)),
    ...(await readOrganizations(server, runs)),
  ];
  const floor = median(figures[0].times);
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log(`${'figure'.padEnd(width)}  median ms  × floor`);
  for (const { name, times } of figures) {
    const m = median(times);
    console.log(
      `${name.padEnd(width)}  ${m.toFixed(1).padStart(9)}  ${(m / floor).toFixed(2).padStart(7)}`,
    );
  }
}

/** One erasure alone and beside many other tenants' events: its cost must not grow with them. */
async function erasure(server: BenchServer): Promise<void> {
  const e = await eraseBesideOtherTenants(server, {
    records: Number(process.env.BENCH_ERASURE_RECORDS ?? 300),
    otherEvents: Number(process.env.BENCH_OTHER_EVENTS ?? 1_000_000),
    runs: Number(process.env.BENCH_ERASURE_RUNS ?? 5),
  });
  const [alone, beside] = [median(e.alone), median(e.beside)];
  const list = (times: number[]) => times.map((t) => t.toFixed(0)).join(', ');
  console.log(
    `\nop 16 + 17 for a user with ${e.records} records (median of ${e.alone.length}):\n` +
      `  no other tenant's events:           ${alone.toFixed(1)} ms  [${list(e.alone)}]\n` +
      `  beside ${e.otherEvents} of 1000 others: ${beside.toFixed(1)} ms  [${list(e.beside)}]` +
      ` (inserted in ${(e.insertMs / 1000).toFixed(1)} s)\n` +
      `  ratio: ${(beside / alone).toFixed(2)}×`,
  );
}

/** Webhook deliveries to a healthy receiver, alone and beside a failing destination. */
async function webhooks(server: BenchServer): Promise<void> {
  const row = (name: string, r: WebhookRun) =>
    `${name.padEnd(34)} ${`${r.delivered}/${r.events}`.padStart(11)}  ${r.writesPerSecond.toFixed(0).padStart(8)}` +
    `  ${r.deliveriesPerSecond.toFixed(0).padStart(12)}  ${r.p50.toFixed(0).padStart(6)}` +
    `  ${r.p99.toFixed(0).padStart(6)}  ${r.max.toFixed(0).padStart(6)}  ${r.failingCalls}`;
  const alone = await webhookDeliveries(server, false);
  const beside = await webhookDeliveries(server, true);
  console.log(
    `\nwebhooks, ${alone.events} comment events (commit → first attempt at the receiver, ms):\n` +
      `${'healthy destination (200 at once)'.padEnd(34)} ${'200s/events'.padStart(11)}  ${'events/s'.padStart(8)}` +
      `  ${'deliveries/s'.padStart(12)}  ${'p50'.padStart(6)}  ${'p99'.padStart(6)}  ${'max'.padStart(6)}  500s\n` +
      `${row('alone', alone)}\n${row('beside one answering 500 to all', beside)}`,
  );
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});
