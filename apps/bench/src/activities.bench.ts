import { Client } from 'pg';
import { performance } from 'node:perf_hooks';
import { DataSource, type QueryRunner } from 'typeorm';
import { derivedActivityLag } from './activities-lag';
import { EMPTY_DOCUMENT, seedActivities, type ActivitySeed } from './activities-seed';
import { apiKeyHeaders, type BenchServer } from './bench-server';
import { ascending, quantile } from './notifications-caller';

const PAGE_SIZE = 100;
/** The deep page read (BENCH_ACTIVITY_DEEP_PAGE for a smaller seed). */
const DEEP_PAGE = Number(process.env.BENCH_ACTIVITY_DEEP_PAGE ?? 1000);
/** Unmeasured rounds of reads before the measured ones. */
const WARM_UP_ROUNDS = 20;

/** The goals. */
const GOALS = { deepOverFirst: 1.2, httpOverBare: 2, lagP99Ms: 1000 };

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
 * `/v2/activities/get` on a million activity records of one organization (Postgres only):
 * - seeded straight into the read table (see activities-seed.ts);
 * - page 1 and page 1000 (pageSize 100, newest first; page 1000's token from walking 999
 *   pages once) of the whole organization, by document and by acting user, over HTTP, beside
 *   the handler's own statement (caught on its way to the database) sent through `pg` on a
 *   connection of its own: the bare keyset SELECT of the same rows. BENCH_ACTIVITY_READS
 *   rounds (default 300; 0 skips the reads), each case once a round, in a random order;
 * - the lag of derived records at 1000 comment events a second (BENCH_ACTIVITY_LAG_RATE) for
 *   10 s (activities-lag.ts), when derivation exists.
 * BENCH_ACTIVITIES sets the count (default 1,000,000; BENCH_ACTIVITY_DEEP_PAGE the deep page
 * for a smaller one); BENCH_ACTIVITY_PLANS=1 prints every statement's plan, printed anyway for
 * a place whose deep page missed its goal.
 */
export async function activitiesBench(server: BenchServer): Promise<void> {
  if (!server.config.databaseUrl) {
    console.log('\nactivities: skipped: a million rows are meant for Postgres (DATABASE_URL)');
    return;
  }
  const count = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
  const rounds = Number(process.env.BENCH_ACTIVITY_READS ?? 300);
  const h = await apiKeyHeaders(server);
  const sql = new Client({ connectionString: server.config.databaseUrl });
  await sql.connect();
  try {
    const seed = await seedActivities(server, sql, h, count);
    console.log(
      `\nactivities: ${seed.activities} records of one organization, seeded in ` +
        `${(seed.seedMs / 1000).toFixed(1)} s (${Object.entries(seed.phases)
          .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
          .join(', ')}) straight into the read table by SQL (no events: a read benchmark); ` +
        `${seed.documents} documents, ${seed.users} users; ${seed.hotDocument} holds 15%, ` +
        `${seed.hotUser} acts in 12.5%`,
    );
    if (rounds > 0) await readPages(server, sql, h, seed, rounds);
    await lag(server, sql, h, seed);
  } finally {
    await sql.end();
  }
}

/** The get handler's page statement, caught during `call`. */
async function statementOf(server: BenchServer, call: () => Promise<unknown>): Promise<Statement> {
  const dataSource = server.app.get(DataSource);
  const query = dataSource.query.bind(dataSource);
  const seen: Statement[] = [];
  dataSource.query = (<T>(sql: string, params?: unknown[], runner?: QueryRunner) => {
    // The one statement of the call that reads pages of the table.
    if (/\bFROM activities\b/.test(sql) && /\bLIMIT\b/.test(sql)) {
      seen.push({ sql, params: params ?? [] });
    }
    return query<T>(sql, params, runner);
  }) as DataSource['query'];
  try {
    await call();
  } finally {
    dataSource.query = query;
  }
  if (seen.length !== 1) throw new Error(`${seen.length} page statements seen, not one`);
  return seen[0];
}

interface ReadCase {
  label: string;
  statement: Statement;
  http: () => Promise<void>;
  bare: () => Promise<void>;
}

/** Reads a page over HTTP with a filter, from `pageToken`. */
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
 * Pages 1 and DEEP_PAGE of the organization, by document and by user (in that order), then
 * an empty page (a document with none): what a call costs beside its rows.
 */
async function readCases(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  seed: ActivitySeed,
): Promise<ReadCase[]> {
  const getter =
    (filter: Record<string, string>): Get =>
    (pageToken) =>
      server.post(
        '/v2/activities/get',
        {
          organizationId: seed.organizationId,
          ...filter,
          pageSize: PAGE_SIZE,
          ...(pageToken && { pageToken }),
        },
        h,
      );
  const places = [
    { place: 'organization', get: getter({}) },
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
  const none = getter({ documentId: EMPTY_DOCUMENT });
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

/** Two decimals, or three where two would hide which side of the goal the ratio is on. */
const verdict = (ratio: number, goal: number) => {
  const met = ratio <= goal;
  const shown = Number(ratio.toFixed(2)) <= goal === met ? ratio.toFixed(2) : ratio.toFixed(3);
  return `${shown}× ${met ? 'met' : 'MISSED'}`;
};

async function readPages(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  seed: ActivitySeed,
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
    `\nactivities/get, pageSize ${PAGE_SIZE}, newest first, ${rounds} rounds (after ` +
      `${WARM_UP_ROUNDS} unmeasured), each case once a round in a random order; bare: the ` +
      `handler's statement through pg, on a connection of its own (ms)\n` +
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
  // Cases whose plan is printed: those of a place whose deep page missed its goal (the plan
  // is what would make a deep page cost more; the HTTP/bare ratio is the call's own cost).
  const missed = new Set<number>();
  const firsts = [0, 2, 4];
  console.log(`goal: page ${DEEP_PAGE} within ${GOALS.deepOverFirst}× page 1 (HTTP)`);
  for (const first of firsts) {
    const [a, b] = [http[first], http[first + 1]];
    console.log(
      `  ${cases[first].label.split(',')[0]}: p50 ${verdict(b.p50 / a.p50, GOALS.deepOverFirst)}, ` +
        `p99 ${verdict(b.p99 / a.p99, GOALS.deepOverFirst)} ` +
        `(bare: p50 ${(bare[first + 1].p50 / bare[first].p50).toFixed(2)}×)`,
    );
    if (b.p50 / a.p50 > GOALS.deepOverFirst) missed.add(first).add(first + 1);
  }
  console.log(`goal: within ${GOALS.httpOverBare}× the bare SELECT`);
  for (let i = 0; i < 2 * firsts.length; i++) {
    console.log(
      `  ${cases[i].label}: p50 ${verdict(http[i].p50 / bare[i].p50, GOALS.httpOverBare)}, ` +
        `p99 ${verdict(http[i].p99 / bare[i].p99, GOALS.httpOverBare)}`,
    );
  }
  const all = process.env.BENCH_ACTIVITY_PLANS === '1';
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
 * Derived records' lag at BENCH_ACTIVITY_LAG_RATE comment events a second (default 1000) for
 * 10 s.
 */
async function lag(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  seed: ActivitySeed,
): Promise<void> {
  const run = await derivedActivityLag(server, sql, h, seed.organizationId, {
    rate: Number(process.env.BENCH_ACTIVITY_LAG_RATE ?? 1000),
    seconds: 10,
  });
  if ('absent' in run) {
    console.log(`\nderived activities' lag: not measured: ${run.absent}`);
    return;
  }
  console.log(
    `\nderived activities' lag, ${run.comments} comments at ${run.writesPerSecond.toFixed(0)}/s ` +
      `after an unmeasured run half as long (write sent → committed in the rows activities/get ` +
      `reads, polled every ${run.pollMs.toFixed(0)} ms): ${run.seen}/${run.expected} seen ` +
      `(activities/get read ` +
      `${run.readable} at the end), p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms, ` +
      `max ${run.max.toFixed(0)} ms; the calls answered in p50 ${run.answeredP50.toFixed(0)} ms, ` +
      `p99 ${run.answeredP99.toFixed(0)} ms; ${run.derivedPerSecond.toFixed(0)} records derived a ` +
      `second (first call sent → last record seen)\n` +
      `goal: p99 < ${GOALS.lagP99Ms} ms (every one seen): ` +
      `${run.seen === run.expected && run.p99 < GOALS.lagP99Ms ? 'met' : 'MISSED'}`,
  );
}
