import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { migrateDatabase, type MigrationClass } from '@app/platform';
import { testRunTag } from './test-database';

// pg is CommonJS: its classes are not named exports for Node's ESM loader (the ESM build).
const { Client } = pg;

/**
 * Test apps start from a migrated template instead of migrating a new database each time:
 * on Postgres (external or the embedded engine's) a template database (`CREATE DATABASE …
 * TEMPLATE`), on PGlite a dump of a migrated data directory (PGlite `loadDataDir`). A template is named after its
 * migrations (class names and code), so a new or changed migration, or a module's own, makes
 * another. The app still runs its migrations on the copy, which finds nothing to do.
 */

/** Short digest of every migration's name and code (and of PGlite's version, for its dumps). */
export function templateKey(migrations: MigrationClass[], salt = ''): string {
  const hash = createHash('sha256').update(salt);
  for (const migration of migrations) {
    const proto = migration.prototype as { up?: unknown; down?: unknown };
    hash.update(`\0${migration.name}\0${String(proto.up)}\0${String(proto.down)}`);
  }
  return hash.digest('hex').slice(0, 16);
}

// ---- Postgres ---------------------------------------------------------------------------

/**
 * Answers the name of the template database of `migrations` on the server of `baseUrl`, made
 * once: `tmpl_<key>`, kept for the next runs; `tmpl_<tag>_<key>` in a run tagged with
 * TEST_DATABASE_TAG, which drops it with the run's other databases.
 */
export async function postgresTemplate(
  baseUrl: string,
  migrations: MigrationClass[],
): Promise<string> {
  const key = templateKey(migrations);
  const tagged = testRunTag() ? `tmpl_${testRunTag()}_` : 'tmpl_';
  const name = `${tagged}${key}`;
  const admin = new Client({ connectionString: urlOf(baseUrl, 'postgres') });
  await admin.connect();
  try {
    if (await exists(admin, name)) return name;
    // Parallel jest workers (or CI runs) on one server: one makes it, the others wait for it.
    const lock = BigInt.asIntN(64, BigInt(`0x${key}`)).toString();
    await admin.query(`SELECT pg_advisory_lock($1::bigint)`, [lock]);
    try {
      if (await exists(admin, name)) return name;
      // Built under another name and renamed when migrated: no one copies a half-made template.
      const building = `${tagged}build_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${building}`);
      try {
        await migrateDatabase(
          { databaseUrl: urlOf(baseUrl, building), dataDir: '', embeddedEngine: 'postgres' },
          migrations,
        );
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      } catch (err) {
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`).catch(() => {});
        throw err;
      }
      return name;
    } finally {
      await admin.query(`SELECT pg_advisory_unlock($1::bigint)`, [lock]);
    }
  } finally {
    await admin.end();
  }
}

const urlOf = (baseUrl: string, database: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

const exists = async (admin: pg.Client, name: string) =>
  (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).rowCount === 1;

// ---- PGlite ---------------------------------------------------------------------------

/** Dumps made in this module registry (one jest test file), by key. */
const dumps = new Map<string, Promise<Blob>>();

/**
 * A dump of a migrated embedded data directory. Made once per key and kept in the system's
 * temporary directory, so that the other test files (each has its own module registry in
 * jest), the other jest workers and the next runs load it instead of migrating.
 */
export function embeddedTemplate(migrations: MigrationClass[]): Promise<Blob> {
  const key = templateKey(migrations, pgliteVersion());
  let dump = dumps.get(key);
  if (!dump) {
    dump = loadOrMake(key, migrations);
    dumps.set(key, dump);
    dump.catch(() => dumps.delete(key));
  }
  return dump;
}

async function loadOrMake(key: string, migrations: MigrationClass[]): Promise<Blob> {
  const dir = join(tmpdir(), 'collab-test-templates');
  const file = join(dir, `pglite-${key}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not made yet: made below.
  }
  const dump = await migrateDatabase(
    { dataDir: 'memory://', embeddedEngine: 'pglite' },
    migrations,
  );
  if (!dump) throw new Error('The embedded database gave no dump');
  mkdirSync(dir, { recursive: true });
  // Written aside and renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/** A PGlite of another version may not read this one's data directory. */
function pgliteVersion(): string {
  try {
    const require = createRequire(join(process.cwd(), 'index.js'));
    const main = require.resolve('@electric-sql/pglite');
    const pkg = JSON.parse(readFileSync(join(dirname(main), '..', 'package.json'), 'utf8'));
    return String(pkg.version);
  } catch {
    return 'unknown';
  }
}
