import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';
import { missingBinary } from './missing-binary';

const execFileAsync = promisify(execFile);

const POSTGRES_ROOT = '/usr/lib/postgresql';

/**
 * The newest installed Postgres's bin directory with pg_ctl and initdb; when there is none,
 * see `missingBinary`.
 */
export function postgresBinaries(): string | undefined {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((v) =>
          ['pg_ctl', 'initdb'].every((t) => existsSync(join(POSTGRES_ROOT, v, 'bin', t))),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0]
    ? join(POSTGRES_ROOT, versions[0], 'bin')
    : missingBinary(`pg_ctl and initdb are not under ${POSTGRES_ROOT}/<version>/bin`, 'postgresql');
}

/**
 * A Postgres cluster of a test's own, on its own port, that the test may stop and start:
 * never the shared server. Postgres refuses to run as root, so as root it runs as `postgres`.
 */
export class OwnPostgres {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(bin: string): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'collab-own-pg-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    const cluster = new OwnPostgres(bin, dir, await freePort());
    await cluster.run('initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '-A',
      'trust',
      '--no-sync',
    ]);
    await cluster.start();
    return cluster;
  }

  /** Starts and waits until it accepts connections. */
  start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    return this.pgCtl(['start', '-w', '-o', options, '-l', join(this.dir, 'log')]);
  }

  /** `immediate`: like a crash, every connection dropped at once; `fast`: a clean shutdown. */
  stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    return this.pgCtl(['stop', '-w', '-m', mode]);
  }

  async destroy(): Promise<void> {
    await this.stop('immediate').catch(() => undefined); // it may be stopped already
    rmSync(this.dir, { recursive: true, force: true });
  }

  private pgCtl(args: string[]): Promise<void> {
    return this.run('pg_ctl', ['-D', join(this.dir, 'data'), ...args]);
  }

  private async run(tool: string, args: string[]): Promise<void> {
    const command = join(this.bin, tool);
    const [file, argv] =
      process.getuid?.() === 0
        ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
        : [command, args];
    await execFileAsync(file, argv, { timeout: 60_000 });
  }
}
