import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';

const ADMIN_TOKEN = 'adm_crash_test_0123456789';

const postmasterPid = (dataDir: string) =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Running (a zombie no one reaped yet has ended: its state is Z). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};

// The embedded Postgres engine's cluster outlives a server killed with SIGKILL (it runs in a
// session of its own); the next server on the same DATA_DIR must take the directory back.
(process.env.DATABASE_URL ? describe.skip : describe)(
  'embedded Postgres engine, a server killed with SIGKILL',
  () => {
    let dataDir: string;
    const servers: ServerProcess[] = [];
    beforeAll(() => ensureBuilt());
    beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'collab-pg-crash-'))));
    afterEach(async () => {
      for (const server of servers.splice(0)) await server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The built server's environment on `dataDir`, listening on `port`. */
    const serverEnv = (port: number) => ({
      DATA_DIR: dataDir,
      EMBEDDED_ENGINE: 'postgres',
      ADMIN_TOKEN,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    });

    const start = async () => {
      const server = await ServerProcess.start(BUILT_MAIN, serverEnv(await freePort()));
      servers.push(server);
      return server;
    };
    const createWorkspace = async (server: ServerProcess) => {
      const res = await fetch(`${server.url}/v2/workspace/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-admin-token': ADMIN_TOKEN },
        body: JSON.stringify({ data: { ownerEmail: 'crash@example.com', name: 'Crash' } }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { data: { id: string; authToken: string } } };
      return body.result.data;
    };
    const readWorkspace = async (server: ServerProcess, ws: { id: string; authToken: string }) => {
      const res = await fetch(`${server.url}/v2/workspace/get`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-service-workspace-id': ws.id,
          'x-service-auth-token': ws.authToken,
        },
        body: JSON.stringify({ data: {} }),
      });
      return { status: res.status, body: await res.json() };
    };

    it('leaves its postmaster running; the next start stops it and serves the data', async () => {
      const first = await start();
      const ws = await createWorkspace(first);
      const orphan = postmasterPid(dataDir);
      await first.kill('SIGKILL');
      expect(alive(orphan)).toBe(true);

      const second = await start();
      expect(alive(orphan)).toBe(false);
      const read = await readWorkspace(second, ws);
      expect(read.status).toBe(200);
      expect(JSON.stringify(read.body)).toContain(ws.id);
    });

    it('recovers from a postmaster killed with it whose process number another process took', async () => {
      const first = await start();
      const ws = await createWorkspace(first);
      const orphan = postmasterPid(dataDir);
      await first.kill('SIGKILL');
      process.kill(orphan, 'SIGKILL');
      // Its pid file stays behind, naming a process alive by now (after a reboot, in a new
      // container): Postgres alone would refuse to start ("lock file already exists").
      const other = spawn('sleep', ['60'], { stdio: 'ignore' });
      try {
        const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
        const lines = readFileSync(pidFile, 'utf8').split('\n');
        writeFileSync(pidFile, [String(other.pid), ...lines.slice(1)].join('\n'));

        const second = await start();
        const read = await readWorkspace(second, ws);
        expect(read.status).toBe(200);
        expect(JSON.stringify(read.body)).toContain(ws.id);
        expect(alive(other.pid!)).toBe(true);
      } finally {
        other.kill();
      }
    });

    it('a server that fails to start (its port taken) stops the postmaster it started', async () => {
      const taken = createServer();
      await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
      try {
        const { port } = taken.address() as { port: number };
        const server = spawn(process.execPath, [BUILT_MAIN], {
          env: { ...process.env, ...serverEnv(port) },
          stdio: 'ignore',
        });
        const code = await new Promise((done) => server.once('exit', done));
        expect(code).toBe(1);
        expect(readFileSync(join(dataDir, 'postgres', 'PG_VERSION'), 'utf8')).toMatch(/^18/);
        expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      } finally {
        await new Promise((done) => taken.close(done));
      }
    });
  },
);
