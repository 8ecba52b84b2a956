import { loadConfig } from '@app/platform';
import { startBenchServer, type BenchServer } from './bench-server';
import { addDocuments, type Timings } from './scenarios/documents';
import { eraseBesideOtherTenants } from './scenarios/erasure-beside-other-tenants';
import { logGrowth } from './scenarios/log-growth';
import { readOrganizations } from './scenarios/organizations';
import { deleteUserData } from './scenarios/user-data-deletion';
import { webhookDeliveries, type WebhookRun } from './scenarios/webhooks';
import { notificationsBench } from './notifications.bench';
import { activitiesBench } from './activities.bench';
import { BenchRelay, emailBench } from './email.bench';
import { median } from './stats';
import { BenchReport } from './report';
import { smallCallsBench } from './small-calls/small-calls.bench';
import { startTimeBench } from './start-time.bench';

const SCENARIOS = [
  'timings',
  'deletion',
  'log-growth',
  'erasure',
  'webhooks',
  'notifications',
  'activities',
  'email',
  'small-calls',
  'start-time',
];

/** Scenarios that start servers of their own, in processes of their own. */
const OWN_SERVERS = ['small-calls', 'start-time'];

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
 *   destination answering 500 to every call (its retries must not slow the healthy one), and
 *   to a receiver answering 500 to every other call; at a steady offered load, then as fast
 *   as the server answers (see `webhooks` below).
 * - notifications: operations 22 and 23 on 1,000,000 notifications (Postgres only; see
 *   notifications.bench.ts).
 * - activities: activities/get on 1,000,000 records and the lag of derived records (Postgres
 *   only; see activities.bench.ts).
 * - email: 10,000 mentions → emails through a local SMTP relay (emails/s, p50/p99 of event
 *   commit → accepted by the relay; see email.bench.ts).
 * - small-calls: operations 11, 2 and a one-item 6 under 50 connections against a bare Fastify +
 *   `pg` server running the same SQL, and the server's RSS (see small-calls.bench.ts).
 * - start-time: process start to a healthy /health per engine (start-time.bench.ts); only when
 *   named, as it starts the built server (`npm run build` first).
 * `npm run bench -- <scenario>...` runs only the named ones; none runs them all. The figures
 * end in one markdown table (report.ts).
 */
async function main(only: string[]): Promise<void> {
  const runs = Math.max(20, Number(process.env.BENCH_RUNS ?? 25));
  const unknown = only.filter((name) => !SCENARIOS.includes(name));
  if (unknown.length > 0) {
    throw new Error(`unknown scenario ${unknown.join(', ')}: one of ${SCENARIOS.join(', ')}`);
  }
  const wanted = (name: string) => only.length === 0 || only.includes(name);
  const env = loadConfig(process.env);
  const report = new BenchReport(
    env.databaseUrl ? 'Postgres (DATABASE_URL)' : 'embedded engine',
    env.redisUrl ? 'Bull on Redis' : 'in-process',
  );
  console.log(`node ${process.version}; ${runs} runs each\n`);
  if (wanted('small-calls')) await smallCallsBench(report);
  // Only when named: it starts the built server (`npm run build` first).
  if (only.includes('start-time')) {
    for (const row of await startTimeBench()) {
      report.add({
        scenario: 'start to a healthy /health, median',
        figure: `${row.engine}: ${row.case}`,
        value: `${row.ms.toFixed(0)} ms`,
        ...(row.stackFloorMs && {
          reference: `${row.stackFloorMs.toFixed(0)} ms (the stack alone)`,
          ratio: `${(row.ms / row.stackFloorMs).toFixed(2)}×`,
        }),
      });
    }
  }
  if (only.length === 0 || only.some((name) => !OWN_SERVERS.includes(name))) {
    await inProcessScenarios(wanted, runs, report);
  }
  console.log(`\n${report.toMarkdown()}`);
}

/** The scenarios that share one server in this process. */
async function inProcessScenarios(
  wanted: (name: string) => boolean,
  runs: number,
  report: BenchReport,
): Promise<void> {
  // The relay is up before the server, which is configured with its URL (SMTP_URL).
  const relay = wanted('email') ? await BenchRelay.start() : undefined;
  const server = await startBenchServer(relay ? { smtpUrl: relay.url } : {});
  try {
    const database = server.config.databaseUrl
      ? 'Postgres (DATABASE_URL)'
      : 'embedded PGlite (in memory)';
    const queue = server.config.redisUrl ? 'Bull on Redis' : 'in-process';
    console.log(`database: ${database}; queue: ${queue}\n`);
    if (wanted('timings')) await timings(server, runs, report);
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
    if (wanted('notifications')) await notificationsBench(server);
    if (wanted('activities')) await activitiesBench(server);
    if (relay) await emailBench(server, relay);
  } finally {
    await server.close();
    await relay?.close();
  }
}

/** Medians of the timed figures, each with its ratio to the floor. */
async function timings(server: BenchServer, runs: number, report: BenchReport): Promise<void> {
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
  report.add(
    ...figures.slice(1).map(({ name, times }) => ({
      scenario: `timings, median of ${runs}`,
      figure: name,
      value: `${median(times).toFixed(1)} ms`,
      reference: `floor ${floor.toFixed(1)} ms`,
      ratio: `${(median(times) / floor).toFixed(2)}×`,
    })),
  );
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

/**
 * Webhook deliveries to a healthy receiver, alone, beside a second healthy destination and
 * beside a failing one, and to a receiver failing every other call: at a steady offered load
 * (BENCH_WEBHOOK_RATE events a second, default 1000), then as fast as 4 callers are answered
 * (the server's capacity), all but beside the healthy one. A first run, unmeasured, warms the
 * server up.
 */
async function webhooks(server: BenchServer): Promise<void> {
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
  const rate = Number(process.env.BENCH_WEBHOOK_RATE ?? 1000);
  await webhookDeliveries(server, { events: events / 2, eventsPerSecond: rate, name: 'warm-up' });
  const runs: [string, WebhookRun][] = [];
  // Beside a second healthy destination too: what a second destination costs in any case, so
  // that what the failing one's retries cost shows.
  // And one destination answering 500 to every other call: its retries must not hold up the
  // first attempts of the rest.
  const plan = [
    [`offered ${rate}/s`, rate, [undefined, 'healthy', 'failing', 'half']],
    ['as fast as answered', undefined, [undefined, 'failing', 'half']],
  ] as const;
  for (const [label, eventsPerSecond, variants] of plan) {
    for (const variant of variants) {
      const name = `${eventsPerSecond ?? 'max'}-${variant ?? 'alone'}`;
      const halfFailing = variant === 'half';
      const beside = halfFailing ? undefined : variant;
      const run = await webhookDeliveries(server, {
        events,
        eventsPerSecond,
        beside,
        halfFailing,
        name,
      });
      const what = halfFailing
        ? 'alone, answering 500 to every other call'
        : !beside
          ? 'alone'
          : `beside one answering ${beside === 'failing' ? 500 : 200}`;
      runs.push([`${label}, ${what}`, run]);
    }
  }
  const columns = [
    '200s/events',
    'events/s',
    'deliveries/s',
    'p50',
    'p99',
    'max',
    '500s',
    'rec50',
    'rec99',
  ];
  const width = Math.max(...runs.map(([label]) => label.length));
  const row = (label: string, cells: (string | number)[]) =>
    `${label.padEnd(width)}  ${cells.map((c, i) => String(c).padStart(Math.max(columns[i].length, 6))).join('  ')}`;
  console.log(
    `\nwebhooks, ${events} comment events a run (ms from the event's commit to its first attempt's ` +
      `arrival; rec: to its delivery's recording by the trigger):\n` +
      row('healthy destination (200 at once)', columns) +
      runs
        .map(
          ([label, r]) =>
            '\n' +
            row(label, [
              `${r.delivered}/${r.events}`,
              r.writesPerSecond.toFixed(0),
              r.deliveriesPerSecond.toFixed(0),
              r.p50.toFixed(0),
              r.p99.toFixed(0),
              r.max.toFixed(0),
              r.failingCalls,
              r.recordedP50.toFixed(0),
              r.recordedP99.toFixed(0),
            ]),
        )
        .join(''),
  );
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err);
  process.exit(1);
});
