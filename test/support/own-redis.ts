import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './free-port';
import { missingBinary } from './missing-binary';

/** The redis-server binary on PATH; when there is none, see `missingBinary`. */
export function redisServerBinary(): string | undefined {
  let found = '';
  try {
    found = execFileSync('sh', ['-c', 'command -v redis-server']).toString().trim();
  } catch {
    // not on PATH
  }
  return found || missingBinary('redis-server is not on PATH', 'redis-server');
}

/** A Redis of a test's own, on its own port, in memory only: never the shared one. */
export class OwnRedis {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(bin: string): Promise<OwnRedis> {
    const port = await freePort();
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    const listen = (chunk: Buffer) => (output += chunk.toString());
    child.stdout!.on('data', listen);
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', () => output.includes('Ready to accept connections') && resolve());
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
    child.stdout!.removeAllListeners('data').resume();
    return new OwnRedis(child, port);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = once(this.child, 'exit');
    this.child.kill('SIGTERM');
    await exited;
  }
}
