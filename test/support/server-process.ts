import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from '@app/testing';

/** The server as `npm run build` makes it (tests run from the repository root). */
export const BUILT_MAIN = join(process.cwd(), 'dist/apps/api/src/main.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Builds the server when `dist` is missing or older than a source file the build reads. */
export function ensureBuilt(): void {
  const root = process.cwd();
  const built = existsSync(BUILT_MAIN) ? statSync(BUILT_MAIN).mtimeMs : 0;
  const sources = ['apps', 'libs']
    .flatMap((top) => readdirSync(join(root, top)).map((name) => join(root, top, name)))
    .filter((dir) => !dir.endsWith(join('libs', 'testing')));
  if (Math.max(...sources.map(newestSource)) <= built) return;
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/@nestjs/cli/bin/nest.js'), 'build', 'api'],
    {
      cwd: root,
      stdio: 'pipe',
    },
  );
}

/** A server running in a process of its own, to be killed like a real one. */
export class ServerProcess {
  private output = '';
  /** Settles when the process has exited, with its code or the signal that ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const keep = (chunk: Buffer) => (this.output += chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }

  /** Runs `script` with only `env` (and PATH) and waits until /health answers 200. */
  static async start(
    script: string,
    env: Record<string, string>,
    timeoutMs = 30_000,
  ): Promise<ServerProcess> {
    const child = spawn(process.execPath, [script], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, `http://${env.HOST}:${env.PORT}`);
    try {
      await waitFor(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited: ${server.output}`);
          const res = await fetch(`${server.url}/health`).catch(() => undefined);
          return res?.status === 200 ? true : undefined;
        },
        timeoutMs,
        100,
      );
    } catch (err) {
      await server.kill();
      throw err;
    }
    return server;
  }

  /** Everything the server printed so far (stdout and stderr), to show when a test fails. */
  get log(): string {
    return this.output;
  }

  /** Sends a signal without waiting (see `exited`). */
  signal(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Waits until the server has printed a line matching `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs = 20_000): Promise<true> {
    return waitFor(async () => (pattern.test(this.output) ? true : undefined), timeoutMs);
  }

  /** SIGKILL: no shutdown hook runs, locks and connections are left as a crash leaves them. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill(signal);
    await exited;
  }
}
