import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { median } from '../stats';
import type { BenchReport } from '../report';
import type {
  CeilingReady,
  CpuAnswer,
  MemoryAnswer,
  ProjectReady,
  ServerMessage,
  StatementsAnswer,
} from './server.process';

// autocannon ships no types; what is used of it.
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Cannon;

const CONNECTIONS = 50;

/** One operation as both servers are called with it. */
interface Call {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  /** Calls that failed without an answer (connection errors, timeouts). */
  failed: number;
  /** The server's CPU time (user + system) per call answered, in microseconds. */
  cpuPerCall: number;
}

/** A server process: its ready message, its memory on demand, and its end. */
class ServerProcess<T> {
  private constructor(
    private readonly child: ChildProcess,
    readonly ready: T,
  ) {}

  static async start<T>(
    args: string[],
    execArgv: string[] = [],
    env: Record<string, string> = {},
  ): Promise<ServerProcess<T>> {
    const child = fork(join(__dirname, 'server.process.js'), args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [...process.execArgv, ...execArgv],
      env: { ...process.env, ...env },
    });
    const ready = await new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => reject(new Error(`server process exited (${code})`)));
    });
    return new ServerProcess(child, ready);
  }

  /** Its memory; with `snapshot`, a heap snapshot written there first. */
  memory(snapshot?: string): Promise<MemoryAnswer> {
    return this.ask<MemoryAnswer>({ memory: true, snapshot });
  }

  /** The CPU time (user + system) it has used, in microseconds. */
  async cpu(): Promise<number> {
    return (await this.ask<CpuAnswer>({ cpu: true })).cpuMicros;
  }

  /** The statements it sends to Postgres for one call. */
  async statements(url: string, call: Call): Promise<string[]> {
    this.child.send({ statements: true } satisfies ServerMessage);
    const res = await fetch(url + call.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...call.headers },
      body: call.body.replace('[<id>]', randomUUID()),
    });
    if (!res.ok) throw new Error(`${call.name} at ${url}: ${res.status}`);
    return (await this.ask<StatementsAnswer>({ statements: false })).statements;
  }

  private ask<A>(message: ServerMessage): Promise<A> {
    this.child.send(message);
    return new Promise((resolve) => this.child.once('message', (m) => resolve(m as A)));
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ close: true });
    await exited;
  }
}

async function round(
  server: ServerProcess<unknown>,
  url: string,
  call: Call,
  seconds: number,
): Promise<Round> {
  const cpuBefore = await server.cpu();
  const r = await autocannon({
    url: url + call.path,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...call.headers },
    body: call.body,
    idReplacement: true,
  });
  // A wrong answer makes the figures meaningless; a call that timed out (10 s) is counted.
  if (r.non2xx > 0) throw new Error(`${call.name} at ${url}: ${r.non2xx} answers not 2xx`);
  const cpu = (await server.cpu()) - cpuBefore;
  return {
    cpuPerCall: cpu / Math.max(1, r.requests.total),
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.errors + r.timeouts,
  };
}

function calls(p: ProjectReady): Call[] {
  const body = (data: unknown) => JSON.stringify({ data });
  return [
    {
      name: 'op 11: 20 documents by id',
      path: '/v1/organizations/documents/get',
      headers: p.apiKeyHeaders,
      body: body({ organizationId: p.organizationId, documentIds: p.documentIds }),
    },
    {
      name: "op 2: an API key's auth tokens",
      path: '/v2/workspace/authtokens/get',
      headers: p.workspaceHeaders,
      body: body({ apiKey: p.apiKey }),
    },
    {
      name: 'op 6: add one organization',
      path: '/v1/organizations/add',
      headers: p.apiKeyHeaders,
      // A new organization each call.
      body: body({ organizations: [{ organizationId: 'org-[<id>]', organizationName: 'Bench' }] }),
    },
  ];
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const whole = (n: number) => n.toFixed(0);
/** Where the RSS is: V8's heap (in use of its total), and memory outside it (buffers). */
const heap = (m: MemoryAnswer) =>
  `heap ${mb(m.heapUsed)} of ${mb(m.heapTotal)}, external ${mb(m.external)}`;

/**
 * Small calls against their ceiling: the project, a bare Fastify + `pg` server running the
 * same statements (ceiling-server.ts), the framework's floor, a bare Nest app on Fastify with
 * the ceiling's routes (nest-floor-server.ts), and the stack's floor, those routes through the
 * libraries the server is built on (stack-floor-server.ts), each in a process of its own on the
 * same database, called by autocannon (50 connections) in alternating rounds after a warm-up
 * of each: BENCH_SMALL_ROUNDS rounds (default 5) of BENCH_SMALL_SECONDS (default 10) per server
 * and operation (BENCH_SMALL_OPS, default `11,2,6`: which operations). Figures are the medians
 * of the rounds. The project's RSS idle (seeded, before any load) and after the load. On the
 * embedded engine the project's database is in its own process and the ceiling has none to
 * run on: the project's figures alone. BENCH_SMALL_SQL=1 prints the statements the project, the
 * ceiling and the stack's floor send to Postgres for one call of each operation (to keep the
 * ceiling's SQL the project's; the project's list ends with what its subscribers start right
 * after a write).
 */
export async function smallCallsBench(report: BenchReport): Promise<void> {
  const rounds = Number(process.env.BENCH_SMALL_ROUNDS ?? 5);
  const seconds = Number(process.env.BENCH_SMALL_SECONDS ?? 10);
  // BENCH_PROJECT_NODE_ARGS: node options of the project's process alone (`--cpu-prof`).
  const projectArgs = process.env.BENCH_PROJECT_NODE_ARGS?.split(' ').filter(Boolean);
  const project = await ServerProcess.start<ProjectReady>(['project'], projectArgs);
  // BENCH_BESIDE_NODE_ARGS: the same for the servers beside it (ceiling, bare Nest, stack alone).
  const besideArgs = process.env.BENCH_BESIDE_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const p = project.ready;
  const beside = (kind: CeilingReady['kind']) =>
    p.databaseUrl
      ? ServerProcess.start<CeilingReady>([kind, p.databaseUrl], besideArgs, {
          BENCH_CEILING_ENCRYPTION_KEY: p.encryptionKey,
        })
      : undefined;
  let ceiling: ServerProcess<CeilingReady> | undefined;
  let floor: ServerProcess<CeilingReady> | undefined;
  let stack: ServerProcess<CeilingReady> | undefined;
  try {
    // Inside the try: a server that fails to start leaves none of the others running.
    ceiling = await beside('ceiling');
    floor = await beside('floor');
    stack = await beside('stack');
    // BENCH_HEAP_SNAPSHOTS: a directory for heap snapshots of the project, idle and loaded.
    const snapshots = process.env.BENCH_HEAP_SNAPSHOTS;
    const snapshot = (name: string) => snapshots && join(snapshots, `project-${name}.heapsnapshot`);
    const idle = await project.memory(snapshot('idle'));
    const servers: (readonly [string, ServerProcess<unknown>, string])[] = [
      ['project', project, p.url],
    ];
    if (ceiling && floor && stack) {
      servers.push(
        ['stack', stack, stack.ready.url],
        ['floor', floor, floor.ready.url],
        ['ceiling', ceiling, ceiling.ready.url],
      );
    }
    const ops = (process.env.BENCH_SMALL_OPS ?? '11,2,6').split(',').map((o) => `op ${o.trim()}:`);
    const chosen = calls(p).filter((c) => ops.some((o) => c.name.startsWith(o)));
    // Before any load: with load, a server may still be answering the calls of a round.
    if (process.env.BENCH_SMALL_SQL) {
      const sending: [string, ServerProcess<unknown>, string][] = [['project', project, p.url]];
      if (ceiling) sending.push(['ceiling', ceiling, ceiling.ready.url]);
      if (stack) sending.push(['stack', stack, stack.ready.url]);
      for (const call of chosen) {
        for (const [name, server, url] of sending) {
          const statements = await server.statements(url, call);
          console.log(`${call.name}, ${name}:\n  ${statements.join('\n  ')}`);
        }
      }
    }
    for (const call of chosen) {
      const results = new Map<string, Round[]>(servers.map(([name]) => [name, []]));
      for (const [, server, url] of servers) await round(server, url, call, Math.min(seconds, 3));
      for (let i = 0; i < rounds; i++) {
        // Alternating, and each pair in turn starting with the other: drift hits both alike.
        const order = i % 2 === 0 ? servers : [...servers].reverse();
        for (const [name, server, url] of order) {
          results.get(name)!.push(await round(server, url, call, seconds));
        }
      }
      const med = (name: string, key: keyof Round) => median(results.get(name)!.map((r) => r[key]));
      const unanswered = (name: string) => {
        const failed = results.get(name)!.reduce((sum, r) => sum + r.failed, 0);
        return failed > 0 ? ` (${failed} calls unanswered)` : '';
      };
      const lost = unanswered('project');
      const medians = (name: string) => ({
        rps: med(name, 'rps'),
        p50: med(name, 'p50'),
        p99: med(name, 'p99'),
        cpu: med(name, 'cpuPerCall'),
      });
      const mine = medians('project');
      const scenario = `small calls, ${CONNECTIONS} connections`;
      if (!ceiling || !floor || !stack) {
        report.add(
          { scenario, figure: `${call.name}: req/s`, value: whole(mine.rps) },
          {
            scenario,
            figure: `${call.name}: p50 / p99 ms`,
            value: `${mine.p50} / ${mine.p99}${lost}`,
          },
          { scenario, figure: `${call.name}: server CPU per call, µs`, value: whole(mine.cpu) },
        );
        continue;
      }
      const top = medians('ceiling');
      const nest = medians('floor');
      const libraries = medians('stack');
      const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;
      report.add(
        {
          scenario,
          figure: `${call.name}: req/s (ceiling: bare Fastify + pg)`,
          value: whole(mine.rps),
          reference: whole(top.rps),
          ratio: percent(mine.rps, top.rps),
        },
        {
          scenario,
          figure: `${call.name}: p50 / p99 ms`,
          value: `${mine.p50} / ${mine.p99}${lost}`,
          reference: `${top.p50} / ${top.p99}${unanswered('ceiling')}`,
          ratio: `p99 ${(mine.p99 / top.p99).toFixed(2)}×`,
        },
        {
          scenario,
          figure: `${call.name}: req/s of a bare Nest app with the ceiling's routes (p50 / p99 ms)`,
          value: `${whole(nest.rps)} (${nest.p50} / ${nest.p99}${unanswered('floor')})`,
          reference: whole(top.rps),
          ratio: `${percent(nest.rps, top.rps)}; the project ${percent(mine.rps, nest.rps)} of it`,
        },
        {
          scenario,
          figure:
            `${call.name}: req/s of the stack alone with the ceiling's routes (Nest, ` +
            'ValidationPipe and DTOs, CQRS bus, TypeORM) (p50 / p99 ms)',
          value: `${whole(libraries.rps)} (${libraries.p50} / ${libraries.p99}${unanswered('stack')})`,
          reference: whole(top.rps),
          ratio: `${percent(libraries.rps, top.rps)}; the project ${percent(mine.rps, libraries.rps)} of it`,
        },
        {
          scenario,
          // Steadier than req/s on a shared machine: what a call costs the server's process.
          figure:
            `${call.name}: server CPU per call, µs (bare Nest app: ${whole(nest.cpu)}; ` +
            `the stack alone: ${whole(libraries.cpu)})`,
          value: whole(mine.cpu),
          reference: whole(top.cpu),
          ratio: `${(mine.cpu / top.cpu).toFixed(2)}×`,
        },
      );
      const perRound = (name: string) =>
        `${name} ${results
          .get(name)!
          .map((r) => `${whole(r.rps)} (${whole(r.cpuPerCall)} µs)`)
          .join(', ')}`;
      console.log(
        `small calls, ${call.name}: rounds, req/s (server CPU per call) ` +
          servers.map(([name]) => perRound(name)).join('; '),
      );
    }
    const loaded = await project.memory(snapshot('loaded'));
    report.add(
      {
        scenario: 'memory',
        figure: 'RSS idle (started, seeded)',
        value: mb(idle.rss),
        reference: heap(idle),
      },
      {
        scenario: 'memory',
        figure: 'RSS after the small-calls load',
        value: mb(loaded.rss),
        reference: heap(loaded),
      },
    );
  } finally {
    await stack?.close();
    await floor?.close();
    await ceiling?.close();
    await project.close();
  }
}
