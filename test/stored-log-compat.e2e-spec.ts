import { DiscoveryService } from '@nestjs/core';
import { registeredErasers } from '@app/platform';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createTestApp, createTestDatabase, dropTestDatabase, type TestApp } from '@app/testing';
import {
  comparable,
  FIXTURE_ENCRYPTION_KEY,
  followUpReads,
  followUps,
  headersOf,
  reads,
  type Answered,
  type Call,
  type FixtureCredentials,
} from './fixtures/log-v1/scenario';

const FIXTURE = join(process.cwd(), 'test', 'fixtures', 'log-v1');

interface Expected {
  credentials: FixtureCredentials;
  before: Answered[];
  writes: Answered[];
  after: Answered[];
}

/** The dump as SQL to run: without psql's own commands (`\restrict`), which no server reads. */
const dumpSql = () =>
  readFileSync(join(FIXTURE, 'dump.sql'), 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');

/** A database holding the fixture, on Postgres when DATABASE_URL is set, else embedded. */
async function restoredDatabase(): Promise<{ options: object; cleanUp: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const url = await createTestDatabase(base);
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(dumpSql());
    await client.end();
    return { options: { databaseUrl: url }, cleanUp: () => dropTestDatabase(url) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'log-v1-'));
  const db = await PGlite.create(dir);
  await db.exec(dumpSql());
  await db.close();
  return {
    options: { dataDir: dir },
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

// A database written by an earlier version (the first collaboration event format) still
// answers every read as it did then, and takes new writes on its old streams.
describe('a stored log of the first event format', () => {
  const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as Expected;
  const c = expected.credentials;
  let t: TestApp;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const restored = await restoredDatabase();
    cleanUp = restored.cleanUp;
    t = await createTestApp({
      ...restored.options,
      config: { encryptionKey: FIXTURE_ENCRYPTION_KEY },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cleanUp?.();
  });

  /** The kinds of data the fixture's server erased: five collaboration kinds and user records. */
  const KINDS_OF_THE_FIXTURE = 6;
  const tasksCountOf = (answers: unknown[]): number[] =>
    answers.flatMap((a) => {
      const count = (a as { body?: { data?: { tasksCount?: unknown } } }).body?.data?.tasksCount;
      return typeof count === 'number' ? [count] : [];
    });
  const withoutTasksCount = (answers: unknown[]): unknown =>
    JSON.parse(JSON.stringify(answers), (key, value) => (key === 'tasksCount' ? '<tasks>' : value));
  /** Every kind a registered eraser offers today. */
  const erasedKinds = (app: TestApp): number =>
    new Set(registeredErasers(app.app.get(DiscoveryService)).flatMap((e) => e.kinds)).size;

  const answer = async (x: Call) => {
    const res = await t.post(x.path, x.data, headersOf(t, c, x.auth));
    return { ...x, status: res.status, body: res.body };
  };

  it('answers every read exactly as before', async () => {
    expect(reads(c)).toEqual(expected.before.map(({ path, auth, data }) => ({ path, auth, data })));
    for (const [i, x] of reads(c).entries()) expect(await answer(x)).toEqual(expected.before[i]);
  });

  it('takes writes on its old streams and answers them, and the reads after, as before', async () => {
    const writes = await followUps(t, c);
    // A deletion job has one task per organization and kind of data, and modules installed
    // since the fixture brought erasers of their own (webhook deliveries): the same
    // organizations, each with the kinds of today.
    const now = tasksCountOf(writes);
    const then = tasksCountOf(expected.writes);
    expect(now.length).toBe(then.length);
    const kinds = erasedKinds(t);
    now.forEach((count, i) => expect(count / kinds).toBe(then[i] / KINDS_OF_THE_FIXTURE));
    expect(comparable(withoutTasksCount(writes))).toEqual(
      comparable(withoutTasksCount(expected.writes)),
    );
    for (const [i, x] of followUpReads(c).entries()) {
      expect(comparable(await answer(x))).toEqual(comparable(expected.after[i]));
    }
  }, 120_000);
});
