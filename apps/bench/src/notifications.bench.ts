import { Client } from 'pg';
import { performance } from 'node:perf_hooks';
import { DataSource, type QueryRunner } from 'typeorm';
import { apiKeyHeaders, type BenchServer } from './bench-server';
import { ascending, callFromWorker, quantile } from './notifications-caller';
import { derivedNotificationLag } from './notifications-lag';
import { seedNotifications, type NotificationSeed } from './notifications-seed';

const PAGE_SIZE = 100;
/** The deep page read (BENCH_NOTIFICATION_DEEP_PAGE for a smaller seed). */
const DEEP_PAGE = Number(process.env.BENCH_NOTIFICATION_DEEP_PAGE ?? 1000);
/** Unmeasured rounds of reads, and unmeasured adds, before the measured ones. */
const WARM_UP_ROUNDS = 20;
const WARM_UP_ADDS = 100;
/** Operation 23's callers in flight at once (as the webhook scenario's writers). */
const ADD_CALLERS = 4;

/** The goals (issue point 11). */
const GOALS = { deepOverFirst: 1.2, httpOverBare: 2, addP99Ms: 20, lagP99Ms: 1000 };

interface Statement {
  sql: string;
  params: unknown[];
}

/** The median and 99th percentile of a case's times, in ms. */
interface Figure {
  p50: number;
  p99: number;
}

const figure = (times: number[]): Figure => {
  const sorted = ascending(times);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};

/**
 * Operations 22 and 23 on a million notifications of one organization (Postgres only):
 * - seeded straight into the read tables (see notifications-seed.ts);
 * - operation 22 over HTTP, page 1 and page 1000 (pageSize 100; page 1000's token from
 *   walking 999 pages once), by document and by user, beside the handler's own statement
 *   (caught on its way to the database) sent through `pg` on a connection of its own: the
 *   bare keyset SELECT of the same rows. BENCH_NOTIFICATION_READS rounds (default 300), each
 *   case once a round, in turn;
 * - operation 23, BENCH_NOTIFICATION_ADDS adds (default 2000) from 4 callers, then a quarter as
 *   many from one;
 * - the lag of derived notifications (notifications-lag.ts), when they exist.
 * BENCH_NOTIFICATIONS sets the count (default 1,000,000; BENCH_NOTIFICATION_DEEP_PAGE the deep
 * page for a smaller one); BENCH_NOTIFICATION_PLANS=1 prints every statement's plan, printed
 * anyway for a place whose deep page missed its goal.
 */
export async function notificationsBench(server: BenchServer): Promise<void> {
  if (!server.config.databaseUrl) {
    console.log('\nnotifications: skipped: a million rows are meant for Postgres (DATABASE_URL)');
    return;
  }
  const count = Number(process.env.BENCH_NOTIFICATIONS ?? 1_000_000);
  const rounds = Number(process.env.BENCH_NOTIFICATION_READS ?? 300);
  const adds = Number(process.env.BENCH_NOTIFICATION_ADDS ?? 2000);
  const h = await apiKeyHeaders(server);
  const sql = new Client({ connectionString: server.config.databaseUrl });
  await sql.connect();
  try {
    const seed = await seedNotifications(server, sql, h, count);
    console.log(
      `\nnotifications: ${seed.notifications} of one organization (${seed.inboxRows} inbox rows), ` +
        `seeded in ${(seed.seedMs / 1000).toFixed(1)} s (${Object.entries(seed.phases)
          .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
          .join(', ')}) straight into the read tables by SQL ` +
        `(no events: a read benchmark); ${seed.documents} documents, ${seed.users} users; ` +
        `${seed.hotDocument} holds 15%, ${seed.hotUser} is addressed by 12.5%, 2% for everyone`,
    );
    await readPages(server, sql, h, seed, rounds);
    await addNotifications(server, h, seed, adds);
    await lag(server, sql, h, seed);
  } finally {
    await sql.end();
  }
}

/** Operation 22's statement as the handler sends it, caught during `call`. */
async function statementOf(server: BenchServer, call: () => Promise<unknown>): Promise<Statement> {
  const dataSource = server.app.get(DataSource);
  const query = dataSource.query.bind(dataSource);
  let seen: Statement | undefined;
  dataSource.query = (<T>(sql: string, params?: unknown[], runner?: QueryRunner) => {
    // Its column list, which no other statement of the call has.
    if (sql.includes('n.record, n.read_by')) seen = { sql, params: params ?? [] };
    return query<T>(sql, params, runner);
  }) as DataSource['query'];
  try {
    await call();
  } finally {
    dataSource.query = query;
  }
  if (!seen) throw new Error("operation 22's statement was not seen");
  return seen;
}

interface ReadCase {
  label: string;
  statement: Statement;
  http: () => Promise<void>;
  bare: () => Promise<void>;
}

/** Reads a page of operation 22 over HTTP with `filter`, from `pageToken`. */
type Get = (pageToken?: string) => Promise<any>;

/** A case: the HTTP read, and its statement through pg; both must answer `rows` rows. */
async function readCase(
  server: BenchServer,
  sql: Client,
  label: string,
  get: Get,
  token: string | undefined,
  rows: number,
): Promise<ReadCase> {
  const statement = await statementOf(server, () => get(token));
  return {
    label,
    statement,
    async http() {
      const body = await get(token);
      if (body.result.data.length !== rows) throw new Error(`${label}: not ${rows} rows`);
    },
    async bare() {
      // The handler fetches one row more than a page, to know whether another follows (every
      // full page read here has one).
      const { rows: fetched } = await sql.query(statement.sql, statement.params);
      if (fetched.length !== (rows < PAGE_SIZE ? rows : PAGE_SIZE + 1)) {
        throw new Error(`${label}: bare SELECT answered ${fetched.length} rows`);
      }
    },
  };
}

/**
 * Pages 1 and DEEP_PAGE by document and by user (in that order), then an empty page (a
 * document with none): what a call costs beside its rows.
 */
async function readCases(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  seed: NotificationSeed,
): Promise<ReadCase[]> {
  const getter =
    (filter: Record<string, string>): Get =>
    (pageToken) =>
      server.post(
        '/v2/notifications/get',
        {
          organizationId: seed.organizationId,
          ...filter,
          pageSize: PAGE_SIZE,
          ...(pageToken && { pageToken }),
        },
        h,
      );
  const places = [
    { place: 'by document', get: getter({ documentId: seed.hotDocument }) },
    { place: 'by user', get: getter({ userId: seed.hotUser }) },
  ];
  const cases: ReadCase[] = [];
  for (const { place, get } of places) {
    const walk = performance.now();
    let deep: string | undefined;
    for (let page = 1; page < DEEP_PAGE; page++) {
      deep = (await get(deep)).result.pageToken;
      if (!deep) throw new Error(`${place}: no page after ${page}`);
    }
    console.log(
      `  ${place}: page ${DEEP_PAGE}'s token from walking ${DEEP_PAGE - 1} pages once ` +
        `(${((performance.now() - walk) / 1000).toFixed(1)} s)`,
    );
    cases.push(await readCase(server, sql, `${place}, page 1`, get, undefined, PAGE_SIZE));
    cases.push(await readCase(server, sql, `${place}, page ${DEEP_PAGE}`, get, deep, PAGE_SIZE));
  }
  const none = getter({ documentId: 'no-notifications' });
  cases.push(await readCase(server, sql, 'empty page (by document)', none, undefined, 0));
  return cases;
}

/** 0 .. n-1 in a random order. */
function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

async function readPages(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  seed: NotificationSeed,
  rounds: number,
): Promise<void> {
  const cases = await readCases(server, sql, h, seed);
  const runs = cases.flatMap((c) => [c.http, c.bare]);
  const times = runs.map((): number[] => []);
  for (let round = -WARM_UP_ROUNDS; round < rounds; round++) {
    // In a new order each round: what a case leaves behind (garbage to collect, say) falls on
    // every other case alike, not always on the one after it.
    for (const i of shuffled(runs.length)) {
      const start = performance.now();
      await runs[i]();
      if (round >= 0) times[i].push(performance.now() - start);
    }
  }
  const http = cases.map((_, i) => figure(times[2 * i]));
  const bare = cases.map((_, i) => figure(times[2 * i + 1]));
  const width = Math.max(...cases.map((c) => c.label.length));
  const ms = (v: number) => v.toFixed(2).padStart(8);
  const x = (v: number) => `${v.toFixed(2)}×`.padStart(8);
  console.log(
    `\nop 22, pageSize ${PAGE_SIZE}, ${rounds} rounds (after ${WARM_UP_ROUNDS} unmeasured), each ` +
      `case once a round in a random order; bare: the handler's statement through pg, on a connection of its own ` +
      `(ms)\n` +
      `${''.padEnd(width)}  HTTP p50      p99  bare p50      p99  ×bare p50    p99\n` +
      cases
        .map(
          (c, i) =>
            `${c.label.padEnd(width)}  ${ms(http[i].p50)} ${ms(http[i].p99)}  ` +
            `${ms(bare[i].p50)} ${ms(bare[i].p99)}  ${x(http[i].p50 / bare[i].p50)} ` +
            `${x(http[i].p99 / bare[i].p99)}`,
        )
        .join('\n'),
  );
  // Two decimals, or three where two would hide which side of the goal the ratio is on.
  const verdict = (ratio: number, goal: number) => {
    const met = ratio <= goal;
    const shown = Number(ratio.toFixed(2)) <= goal === met ? ratio.toFixed(2) : ratio.toFixed(3);
    return `${shown}× ${met ? 'met' : 'MISSED'}`;
  };
  // Cases whose plan is printed: those of a place whose deep page missed its goal (the plan
  // is what would make a deep page cost more; the HTTP/bare ratio is the call's own cost).
  const missed = new Set<number>();
  console.log(`goal: page ${DEEP_PAGE} within ${GOALS.deepOverFirst}× page 1 (HTTP)`);
  for (const first of [0, 2]) {
    const [a, b] = [http[first], http[first + 1]];
    console.log(
      `  ${cases[first].label.split(',')[0]}: p50 ${verdict(b.p50 / a.p50, GOALS.deepOverFirst)}, ` +
        `p99 ${verdict(b.p99 / a.p99, GOALS.deepOverFirst)} ` +
        `(bare: p50 ${(bare[first + 1].p50 / bare[first].p50).toFixed(2)}×)`,
    );
    if (b.p50 / a.p50 > GOALS.deepOverFirst) missed.add(first).add(first + 1);
  }
  console.log(`goal: within ${GOALS.httpOverBare}× the bare SELECT`);
  for (let i = 0; i < 4; i++) {
    console.log(
      `  ${cases[i].label}: p50 ${verdict(http[i].p50 / bare[i].p50, GOALS.httpOverBare)}, ` +
        `p99 ${verdict(http[i].p99 / bare[i].p99, GOALS.httpOverBare)}`,
    );
  }
  const all = process.env.BENCH_NOTIFICATION_PLANS === '1';
  for (const [i, c] of cases.entries()) {
    if (!all && !missed.has(i)) continue;
    const { rows } = await sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) ${c.statement.sql}`,
      c.statement.params,
    );
    console.log(`\nplan, ${c.label}:\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

/**
 * Operation 23: `count` adds (after 100 unmeasured) from 4 callers in a worker thread (the
 * goal's figure), then a quarter as many from one caller: the time of an add alone, without
 * waiting behind the others on two shared cores.
 */
async function addNotifications(
  server: BenchServer,
  h: Record<string, string>,
  seed: NotificationSeed,
  count: number,
): Promise<void> {
  const user = (n: number) => ({
    userId: `user-${n}`,
    name: `User ${n}`,
    email: `user-${n}@example.com`,
  });
  const bodies = (n: number, from: number) =>
    Array.from({ length: n }, (_, k) => {
      const i = from + k;
      const actor = user((i * 31) % seed.users);
      return {
        organizationId: seed.organizationId,
        documentId: `doc-${1 + ((i * 7) % (seed.documents - 1))}`,
        actionUser: actor,
        displayHeadlineMessageTemplate: '{actionUser} mentioned you in {documentName}',
        displayHeadlineMessageTemplateData: { actionUser: actor, documentName: `Document ${i}` },
        displayBodyMessage: `Could you look at the figures in this section before Friday? (${i})`,
        notifyUsers: [user((i * 7919) % seed.users), user((i * 7919 + 4729) % seed.users)],
        notifyAll: false,
        location: { id: `loc-${i % 50}`, locationName: `Section loc-${i % 50}` },
      };
    });
  const add = async (callers: number, n: number, from: number) => {
    const { sentAt, ms } = await callFromWorker({
      url: `${server.baseUrl}/v2/notifications/add`,
      headers: h,
      callers,
      bodies: bodies(WARM_UP_ADDS + n, from),
    });
    const measured = ascending(ms.slice(WARM_UP_ADDS));
    const last = Math.max(...sentAt.map((at, i) => at + ms[i]));
    return {
      p50: quantile(measured, 0.5),
      p99: quantile(measured, 0.99),
      max: measured[measured.length - 1],
      perSecond: n / ((last - sentAt[WARM_UP_ADDS]) / 1000),
    };
  };
  const line = (r: Awaited<ReturnType<typeof add>>) =>
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ` +
    `${r.perSecond.toFixed(0)} adds/s`;
  const many = await add(ADD_CALLERS, count, 0);
  const alone = Math.ceil(count / 4);
  const one = await add(1, alone, WARM_UP_ADDS + count);
  console.log(
    `\nop 23 (each after ${WARM_UP_ADDS} unmeasured adds), notifications of 2 users on the ` +
      `seeded organization's documents:\n` +
      `  ${count} adds from ${ADD_CALLERS} callers: ${line(many)}\n` +
      `  ${alone} adds from 1 caller:${' '.repeat(String(count).length - String(alone).length + 1)}` +
      `${line(one)}\n` +
      `goal: p99 < ${GOALS.addP99Ms} ms (${ADD_CALLERS} callers): ` +
      `${many.p99 < GOALS.addP99Ms ? 'met' : 'MISSED'}`,
  );
}

/** Derived notifications' lag at 1000 comment events a second for 10 s. */
async function lag(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  seed: NotificationSeed,
): Promise<void> {
  const run = await derivedNotificationLag(server, sql, h, seed.organizationId, {
    rate: 1000,
    seconds: 10,
  });
  if ('absent' in run) {
    console.log(`\nderived notifications' lag: not measured: ${run.absent}`);
    return;
  }
  console.log(
    `\nderived notifications' lag, ${run.comments} comments at ${run.writesPerSecond.toFixed(0)}/s ` +
      `(write sent → committed in the rows op 22 reads, polled every ${run.pollMs.toFixed(0)} ms): ` +
      `${run.seen}/${run.expected} seen (op 22 read ${run.readable} at the end), ` +
      `p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms, max ${run.max.toFixed(0)} ms\n` +
      `goal: p99 < ${GOALS.lagP99Ms} ms (every one seen): ` +
      `${run.seen === run.expected && run.p99 < GOALS.lagP99Ms ? 'met' : 'MISSED'}`,
  );
}
