import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './support/free-port';
import { BUILT_MAIN, ensureBuilt, ServerProcess } from './support/server-process';

// A start loads only what answering requests needs: libraries of optional features load on
// their first use, or only when configured. Seen on the built server as users start it, on the
// embedded default (no REDIS_URL, no SMTP_URL), through the CommonJS files it had loaded when
// it stopped after answering /health. (ES-module-only packages, such as NestJS's, are not in
// that list: the AI SDKs and the OpenAPI library are not checked here.)
const NOT_AT_START = ['ioredis', 'bull', 'nodemailer', '@sendgrid/mail'];

describe('what a start loads', () => {
  // The data directory is the server's alone (its cluster may run as another user).
  let dataDir: string;
  let listDir: string;
  beforeAll(() => ensureBuilt());
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'collab-start-loads-'));
    listDir = mkdtempSync(join(tmpdir(), 'collab-start-loads-list-'));
  });
  afterEach(() => {
    for (const dir of [dataDir, listDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the queue on Redis, the rate limit on Redis and the email senders unloaded', async () => {
    const list = join(listDir, 'loaded.txt');
    const server = await ServerProcess.start(
      BUILT_MAIN,
      {
        DATA_DIR: dataDir,
        ADMIN_TOKEN: 'adm_start_loads_0123456789',
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        SHUTDOWN_DELAY_MS: '1',
        NODE_OPTIONS: `--require ${join(process.cwd(), 'test/support/loaded-modules.cjs')}`,
        LOADED_MODULES_FILE: list,
      },
      60_000,
    );
    await server.kill('SIGTERM');
    const loaded = readFileSync(list, 'utf8').split('\n');
    // The list is of the server's own loading: it holds the libraries every start needs.
    expect(loaded.some((file) => file.includes('/node_modules/typeorm/'))).toBe(true);
    const packages = NOT_AT_START.filter((name) =>
      loaded.some((file) => file.includes(`/node_modules/${name}/`)),
    );
    expect(packages).toEqual([]);
  });
});
