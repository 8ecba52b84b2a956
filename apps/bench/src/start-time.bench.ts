import { createScratchDatabase, dropScratchDatabase, freeLoopbackPort } from '@app/platform';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './stats';

/** One median: `engine` (postgres, embedded <name>, floor), `case` (what was started). */
export interface StartTimeRow {
  engine: string;
  case: string;
  ms: number;
  /** On the Postgres row of existing data: the stack floor's median beside it, in ms. */
  stackFloorMs?: number;
}

export interface StartTimeOptions {
  /** Starts measured per case after the first; default START_BENCH_RUNS or 7. */
  runs?: number;
  /** The built server; default START_BENCH_SERVER or dist/apps/api/src/main.js. */
  serverEntry?: string;
  /** Postgres server to make a scratch database on; default DATABASE_URL (unset: no rows). */
  databaseUrl?: string;
  /** EMBEDDED_ENGINE values to start with; `default` sets none. Default START_BENCH_EMBEDDED. */
  embeddedEngines?: string[];
}

interface Target {
  engine: string;
  /** What a floor starts (floors only). */
  case?: string;
  /** The script started, or with `inline` the code given to `node -e`. */
  entry: string;
  inline?: boolean;
  env: Record<string, string>;
  times: number[];
  firstMs?: number;
}

const POLL_MS = 5;
const START_TIMEOUT_MS = 60_000;
const SCRATCH_PREFIX = 'start_bench';

/**
 * Process start to the first 200 from `GET /health`, the built server as users run it
 * (`node dist/apps/api/src/main.js`), on each database: its first start (an empty database:
 * migrations, and on the embedded engine its creation) once, then medians of `runs` starts on
 * the existing data, the targets taking turns so that a load on the machine falls on all.
 * Beside them, floors (`start-floors/`): a bare Node process answering `/health` (what no
 * server can go under here), bare Nest on Fastify (what no Nest server can), and with a
 * Postgres the stack the server is built on with nothing of its own (what the server's own
 * modules add is the difference). Floors run with Node's compile cache in a directory of
 * their own, as the server runs with its own (Node 22.1+; nothing on Node 20).
 */
export async function startTimeBench(options: StartTimeOptions = {}): Promise<StartTimeRow[]> {
  const runs = options.runs ?? Number(process.env.START_BENCH_RUNS ?? 7);
  const entry = resolve(
    options.serverEntry ?? process.env.START_BENCH_SERVER ?? 'dist/apps/api/src/main.js',
  );
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const embedded =
    options.embeddedEngines ?? (process.env.START_BENCH_EMBEDDED ?? 'default').split(',');
  const common = {
    ADMIN_TOKEN: randomBytes(16).toString('hex'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SHUTDOWN_DELAY_MS: '1',
    QUEUE_PREFIX: `start_bench_${randomBytes(3).toString('hex')}`,
  };
  const scratchUrl = databaseUrl
    ? await createScratchDatabase(databaseUrl, SCRATCH_PREFIX)
    : undefined;
  const dirs: string[] = [];
  const newDir = async (prefix: string) => {
    const dir = await mkdtemp(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const targets: Target[] = [];
  try {
    if (scratchUrl) {
      targets.push({
        engine: 'postgres',
        entry,
        env: {
          ...common,
          DATABASE_URL: scratchUrl,
          SERVICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        },
        times: [],
      });
    }
    for (const name of embedded) {
      const dataDir = await newDir('start-bench-');
      targets.push({
        engine: `embedded ${name}`,
        entry,
        env: { ...common, DATA_DIR: dataDir, ...(name !== 'default' && { EMBEDDED_ENGINE: name }) },
        times: [],
      });
    }
    const { floors, stack } = startFloors(scratchUrl, {
      NODE_COMPILE_CACHE: await newDir('start-bench-cache-'),
      QUEUE_PREFIX: common.QUEUE_PREFIX,
    });
    for (const target of targets) target.firstMs = await timeStart(target);
    // Unmeasured: each floor's first start fills its compile cache, as the server's did.
    for (const floor of floors) await timeStart(floor);
    for (let round = 0; round < runs; round++) {
      for (const target of [...targets, ...floors]) target.times.push(await timeStart(target));
    }
    return [
      ...targets.flatMap((t) => [
        { engine: t.engine, case: 'first start', ms: t.firstMs! },
        {
          engine: t.engine,
          case: 'existing data',
          ms: median(t.times),
          ...(t.engine === 'postgres' && stack && { stackFloorMs: median(stack.times) }),
        },
      ]),
      ...floors.map((f) => ({ engine: f.engine, case: f.case!, ms: median(f.times) })),
    ];
  } finally {
    if (scratchUrl) await dropScratchDatabase(scratchUrl, SCRATCH_PREFIX);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

/** The floors: bare Node; bare Nest; with a database, the stack the server is built on. */
function startFloors(
  databaseUrl: string | undefined,
  env: Record<string, string>,
): { floors: Target[]; stack?: Target } {
  const floor = (what: string, entry: string, extra: Record<string, string> = {}): Target => ({
    engine: 'floor',
    case: what,
    entry,
    env: { ...env, ...extra },
    times: [],
  });
  const stack =
    databaseUrl &&
    floor(
      'the stack alone (Nest, Fastify, CQRS, TypeORM on postgres, class-validator, ' +
        'Bull with REDIS_URL), /health through the query bus',
      join(FLOORS_DIR, 'stack.server.js'),
      { DATABASE_URL: databaseUrl },
    );
  const floors = [
    { ...floor('bare node answering /health', FLOOR_SCRIPT), inline: true },
    floor('bare Nest on Fastify answering /health', join(FLOORS_DIR, 'nest.server.js')),
  ];
  return stack ? { floors: [...floors, stack], stack } : { floors };
}

/** The built floors beside this file (dist/bench/apps/bench/src/start-floors). */
const FLOORS_DIR = join(__dirname, 'start-floors');

/** The floor of floors: a Node process with an HTTP server and nothing else. */
const FLOOR_SCRIPT =
  "require('node:http').createServer((q, s) => s.end('ok')).listen(+process.env.PORT, '127.0.0.1');" +
  "process.on('SIGTERM', () => process.exit(0));";

/** Spawns, polls `/health` until it answers 200, answers the time taken; then stops it. */
async function timeStart({ entry, env, inline }: Target): Promise<number> {
  const port = await freeLoopbackPort();
  const started = performance.now();
  const child = spawn(process.execPath, inline ? ['-e', entry] : [entry], {
    env: { ...inheritedEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  try {
    while (!(await healthy(port))) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error('server start timed out');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return performance.now() - started;
  } finally {
    await stop(child, exited);
  }
}

/** The bench's environment less what chooses the database: each target sets its own. */
function inheritedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'EMBEDDED_ENGINE', 'SERVICE_ENCRYPTION_KEY'])
    delete env[name];
  return env;
}

async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode === null) child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0 && code !== null) throw new Error(`server stopped with exit code ${code}`);
}

function healthy(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const request = get({ host: '127.0.0.1', port, path: '/health', timeout: 2000 }, (res) => {
      res.resume();
      answer(res.statusCode === 200);
    });
    request.on('error', () => answer(false));
    request.on('timeout', () => request.destroy());
  });
}

/** Prints a markdown table of the rows. */
export function startTimeTable(rows: StartTimeRow[]): string {
  return [
    '| engine | case | start to healthy /health (ms, median) |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.engine} | ${r.case} | ${r.ms.toFixed(0)} |`),
  ].join('\n');
}

// `node dist/bench/apps/bench/src/start-time.bench.js`: this bench alone.
if (require.main === module) {
  startTimeBench().then(
    (rows) => console.log(startTimeTable(rows)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
