import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { freeLoopbackPort } from '../../net/free-loopback-port';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { noPostgresBinaries, postgresBinaries, type PostgresBinaries } from './postgres-binaries';

/** A Postgres cluster this process started, in a directory of its own. */
export interface EmbeddedCluster {
  /** The `postgres` database, as superuser `postgres`. */
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedClusterOptions {
  /** The cluster's directory (made by initdb when it holds none yet). */
  dir: string;
  /**
   * Off: no fsync, no full-page writes: fast, and lost in an operating-system crash (a
   * throw-away cluster: tests, bench). On: Postgres's defaults.
   */
  durable: boolean;
  /** Delete the directory on stop (a throw-away cluster). */
  removeOnStop?: boolean;
}

// A Unix socket's path is at most 107 bytes (Linux; 103 on macOS), `.s.PGSQL.<port>` included.
const MAX_SOCKET_PATH = 100;
const SOCKET_PORT = 5432;
// Postgres writes here on every start; `include_if_exists` in postgresql.conf reads it.
const SETTINGS_FILE = 'collab-server.conf';
// Only for the loopback port: over the socket, the directory's permissions admit.
const PASSWORD_FILE = 'collab-server.password';
// The server's sessions say so: a second server on the same directory sees them and refuses.
export const SERVER_APPLICATION_NAME = 'collab-server';
// A killed server's sessions end as soon as their backends read the closed sockets.
const SESSIONS_END_WITHIN_MS = 5_000;

/**
 * Starts the cluster in `options.dir`, made by initdb the first time. Postgres refuses to run
 * as root: as root the programs run as the system's `postgres` user (else `nobody`), which
 * then owns the directory. Reached on a Unix socket in the directory (no TCP listener), or,
 * when that path is too long for a socket, on a free loopback port with a password. A
 * postmaster left running by a server killed with SIGKILL is stopped first (it holds the
 * directory), and a stale `postmaster.pid` of a dead one removed: the start recovers.
 */
export async function startEmbeddedCluster(
  options: EmbeddedClusterOptions,
): Promise<EmbeddedCluster> {
  const binaries = await postgresBinaries();
  const dir = resolve(options.dir);
  const user = runAs(dir);
  const run = (file: string, args: string[]) => runProgram(binaries, user, file, args);

  removeUnfinished(dir);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initialize(dir, user, run, binaries);
  await recover(dir, run, binaries);

  const socket = join(dir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH;
  const port = socket ? SOCKET_PORT : await freeLoopbackPort();
  writeSettings(dir, { socket, port, durable: options.durable });
  const log = join(dir, 'postgres.log');
  await startPostmaster(dir, log, run, binaries);

  const postmaster = readPostmasterPid(dir)?.pid;
  const url = clusterUrl(dir, socket ? { socket: dir } : { port });
  // Held while this cluster runs, so a second server sees this one even when the pool is idle.
  const holder = new pg.Client({ connectionString: url });
  holder.on('error', () => undefined);
  await holder.connect();
  let stopped: Promise<void> | undefined;
  return {
    url,
    stop: () =>
      (stopped ??= (async () => {
        await holder.end().catch(() => undefined);
        // Another process's postmaster may hold the directory by now: never stop that one.
        if (postmaster !== undefined && readPostmasterPid(dir)?.pid === postmaster)
          await run(binaries.pgCtl, ['stop', '--wait', '--mode=fast', `--pgdata=${dir}`]);
        if (options.removeOnStop) rmSync(dir, { recursive: true, force: true });
      })()),
  };
}

const LOG_LINES_SHOWN = 20;

/**
 * How long a start waits for what a postmaster killed with SIGKILL leaves for a moment: the
 * killed process itself until it is reaped (its socket's lock file names it: "lock file …
 * already exists"), and its children, attached to its shared memory until they notice
 * ("pre-existing shared memory block … is still in use"). Postgres starts once they are gone.
 */
const ORPHANS_EXIT_WITHIN_MS = 30_000;

async function startPostmaster(
  dir: string,
  log: string,
  run: (file: string, args: string[]) => Promise<string>,
  binaries: PostgresBinaries,
): Promise<void> {
  const deadline = Date.now() + ORPHANS_EXIT_WITHIN_MS;
  for (;;) {
    const started = await run(binaries.pgCtl, [
      'start',
      '--wait',
      '--timeout=60',
      `--pgdata=${dir}`,
      `--log=${log}`,
    ]).then(
      () => undefined,
      (err: Error) => err,
    );
    if (!started) return;
    const tail = lastLines(log, LOG_LINES_SHOWN);
    const leftBehind = /pre-existing shared memory block|lock file ".*" already exists/;
    if (leftBehind.test(tail) && Date.now() < deadline) {
      await delay(500);
      continue;
    }
    // pg_ctl only says "examine the log output": the log's end says why.
    throw new Error(`${started.message}\n${log} ends with:\n${tail}`);
  }
}

function lastLines(file: string, count: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The cluster's `postgres` database, its sessions named as the server's. */
function clusterUrl(dir: string, at: { socket: string } | { port: number }): string {
  const url = new URL('postgresql://postgres@localhost/postgres');
  if ('socket' in at) url.searchParams.set('host', at.socket);
  else {
    url.hostname = '127.0.0.1';
    url.port = String(at.port);
    url.password = readFileSync(join(dir, PASSWORD_FILE), 'utf8').trim();
  }
  url.searchParams.set('application_name', SERVER_APPLICATION_NAME);
  // The cluster has no certificate: a user's PGSSLMODE=require would fail every connection.
  url.searchParams.set('sslmode', 'disable');
  return url.toString();
}

/** postmaster.pid's process number (line 1), port (line 4) and socket directory (line 5). */
function readPostmasterPid(
  dir: string,
): { pid: number; port: number; socketDir: string } | undefined {
  try {
    const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]), socketDir: lines[4] ?? '' };
  } catch {
    return undefined;
  }
}

type Run = (file: string, args: string[]) => Promise<string>;

interface RunAs {
  uid: number;
  gid: number;
}

/**
 * Root cannot run Postgres. A cluster made already runs as its directory's owner (whatever
 * the system's users are today); a new one as the `postgres` user if the system has one, else
 * `nobody`.
 */
function runAs(dir: string): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (existsSync(join(dir, 'PG_VERSION'))) {
    const owner = statSync(dir);
    if (owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  }
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      // No such user: the next.
    }
  }
  throw new Error('Running as root, and the system has neither a postgres nor a nobody user');
}

/**
 * Made beside the directory and renamed to it when whole: a start stopped half-way leaves only
 * a `<name>.init-*` sibling (removed by the next start), never a directory that cannot start.
 */
async function initialize(
  dir: string,
  user: RunAs | undefined,
  run: Run,
  binaries: PostgresBinaries,
): Promise<void> {
  const parent = dirname(dir);
  mkdirSync(parent, { recursive: true });
  const making = join(parent, `${basename(dir)}${UNFINISHED}${randomBytes(6).toString('hex')}`);
  mkdirSync(making, { mode: 0o700 });
  if (user) {
    chownSync(making, user.uid, user.gid);
    // The user passes through the data directory to reach its own (without listing it); the
    // directories above must let it too (initdb says "Permission denied" where one does not).
    chmodSync(parent, statSync(parent).mode | 0o001);
  }
  const password = randomBytes(24).toString('base64url');
  // initdb reads the password from a file (not a pipe), which only its user may read.
  const aside = mkdtempSync(join(tmpdir(), 'collab-initdb-'));
  const pwfile = join(aside, 'password');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(aside, user.uid, user.gid);
    chownSync(pwfile, user.uid, user.gid);
  }
  try {
    await run(binaries.initdb, [
      `--pgdata=${making}`,
      '--username=postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      `--pwfile=${pwfile}`,
      '--encoding=UTF8',
      '--locale=C',
      // Synced once below, as a whole: faster than file by file.
      '--no-sync',
    ]);
  } finally {
    rmSync(aside, { recursive: true, force: true });
  }
  writeFileSync(join(making, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  const conf = join(making, 'postgresql.conf');
  writeFileSync(conf, `${readFileSync(conf, 'utf8')}\ninclude_if_exists = '${SETTINGS_FILE}'\n`);
  if (user) {
    chownSync(conf, user.uid, user.gid);
    chownSync(join(making, PASSWORD_FILE), user.uid, user.gid);
  }
  await run(binaries.initdb, [`--pgdata=${making}`, '--sync-only']);
  // An empty directory given (a temporary one) is replaced by the rename.
  if (existsSync(dir)) rmdirSync(dir);
  renameSync(making, dir);
}

const UNFINISHED = '.init-';

/** What an interrupted first start left beside the directory. */
function removeUnfinished(dir: string): void {
  const parent = dirname(dir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names)
    if (name.startsWith(`${basename(dir)}${UNFINISHED}`))
      rmSync(join(parent, name), { recursive: true, force: true });
}

/**
 * What a killed server left: a postmaster still running on the directory (stopped: this start
 * sets the port and socket anew), or the `postmaster.pid` of one that is gone, whose process
 * number another process may hold by now (removed: Postgres would refuse to start). A
 * postmaster a live server still uses (its sessions are there) is left alone: this start fails.
 */
async function recover(dir: string, run: Run, binaries: PostgresBinaries): Promise<void> {
  const left = readPostmasterPid(dir);
  if (!left) return;
  if (!isPostmasterOf(left.pid, dir)) {
    unlinkSync(join(dir, 'postmaster.pid'));
    return;
  }
  await refuseIfServed(dir, left);
  await run(binaries.pgCtl, ['stop', '--wait', '--mode=fast', `--pgdata=${dir}`]).catch(
    (err: Error) => {
      // A postmaster killed a moment ago is gone by now and never removes its pid file.
      if (isPostmasterOf(left.pid, dir)) throw err;
      rmSync(join(dir, 'postmaster.pid'), { force: true });
    },
  );
}

/** Fails while a server's sessions are on the postmaster (a killed server's end at once). */
async function refuseIfServed(
  dir: string,
  left: { pid: number; port: number; socketDir: string },
): Promise<void> {
  const url = new URL(
    clusterUrl(dir, left.socketDir ? { socket: left.socketDir } : { port: left.port }),
  );
  url.searchParams.set('application_name', `${SERVER_APPLICATION_NAME}-check`);
  const deadline = Date.now() + SESSIONS_END_WITHIN_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => undefined);
    let sessions: number;
    try {
      await client.connect();
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [SERVER_APPLICATION_NAME],
      );
      sessions = rows[0].n;
    } catch {
      // Not answering (starting, stopping, broken): nothing to protect; pg_ctl stop decides.
      return;
    } finally {
      await client.end().catch(() => undefined);
    }
    if (sessions === 0) return;
    if (Date.now() >= deadline)
      throw new Error(
        `DATA_DIR is in use by another server (its Postgres, process ${left.pid}, serves ${sessions} of its sessions in ${dir})`,
      );
    await delay(100);
  }
}

/** The process is a `postgres` started with `-D dir` (the directory's real path compared). */
function isPostmasterOf(pid: number, dir: string): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, another user's: the postgres user's when we are root.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const args = processArguments(pid);
  if (!args || !/(^|\/)postgres$/.test(args[0] ?? '')) return false;
  const at = args.indexOf('-D');
  if (at < 0) return false;
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return resolve(path);
    }
  };
  const target = real(dir);
  return real(args[at + 1] ?? '') === target || real(args.slice(at + 1).join(' ')) === target;
}

/**
 * A process's arguments: /proc on Linux; elsewhere `ps`, whose one line is split at spaces
 * (the directory, the last argument pg_ctl gives, is joined back by the caller).
 */
function processArguments(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').split('\0');
  } catch {
    if (process.platform === 'linux') return undefined;
  }
  try {
    return execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(' ');
  } catch {
    return undefined;
  }
}

function writeSettings(
  dir: string,
  { socket, port, durable }: { socket: boolean; port: number; durable: boolean },
): void {
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const lines = [
    `port = ${port}`,
    `listen_addresses = ${quote(socket ? '' : '127.0.0.1')}`,
    `unix_socket_directories = ${quote(socket ? dir : '')}`,
    // A throw-away cluster may live in memory (the tests'): its WAL is kept small there.
    ...(durable
      ? []
      : [
          'fsync = off',
          'full_page_writes = off',
          'synchronous_commit = off',
          'max_wal_size = 256MB',
          'min_wal_size = 32MB',
        ]),
  ];
  const file = join(dir, SETTINGS_FILE);
  writeFileSync(file, `# Written by the server at each start.\n${lines.join('\n')}\n`);
  const owner = statSync(dir);
  if (process.getuid?.() === 0) chownSync(file, owner.uid, owner.gid);
}

/**
 * Not the server's environment: the postmaster would keep its secrets (ADMIN_TOKEN, the
 * encryption key), and a user's PG* variables would change what the programs do.
 */
function programEnvironment(binaries: PostgresBinaries): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'LD_LIBRARY_PATH', 'DYLD_LIBRARY_PATH', 'TMPDIR', 'SYSTEMROOT'])
    if (process.env[name] !== undefined) kept[name] = process.env[name];
  return { ...kept, ...binaries.env, LC_ALL: 'C', TZ: 'UTC' };
}

function runProgram(
  binaries: PostgresBinaries,
  user: RunAs | undefined,
  file: string,
  args: string[],
): Promise<string> {
  return new Promise((done, fail) => {
    const child = execFile(
      file,
      args,
      {
        env: programEnvironment(binaries),
        // Not the caller's: the postgres user may not enter it.
        cwd: '/',
        ...(user && { uid: user.uid, gid: user.gid }),
      },
      (err, stdout, stderr) => {
        // ENOENT for a file that is there: its loader or libc is missing (a musl system).
        if ((err as NodeJS.ErrnoException | null)?.code === 'ENOENT' && existsSync(file))
          fail(noPostgresBinaries(`${file} cannot run here`));
        else if (err)
          fail(new Error(`${file} ${args[0]} failed: ${stderr || stdout || err.message}`));
        else done(stdout);
      },
    );
    child.stdin?.end();
  });
}
