import { DiscoveryService } from '@nestjs/core';
import { registeredErasers } from '@app/platform';
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { EventStore, ProjectionRebuilder } from '@app/event-store';
import { RENAMED_EVENT_TYPES } from '@app/collaboration';
import {
  createTestApp,
  createTestDatabase,
  dropTestDatabase,
  settle,
  waitFor,
  type TestApp,
  type TestAppOptions,
} from '@app/testing';
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

/**
 * A database holding the fixture, on Postgres when DATABASE_URL is set, else in a PGlite data
 * directory (what a user's DATA_DIR of an earlier version holds; EMBEDDED_ENGINE=pglite
 * serves it).
 */
async function restoredDatabase(): Promise<{
  options: TestAppOptions;
  cleanUp: () => Promise<void>;
}> {
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
    options: { dataDir: dir, config: { embeddedEngine: 'pglite' } },
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
      config: { ...restored.options.config, encryptionKey: FIXTURE_ENCRYPTION_KEY },
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

// Collaboration events were stored as `comment-annotation.created`, `comment.added`, … before
// every library named its events `<library>.<noun>-<past participle>`: rows of those types,
// written before the rename or appended as they were, read under the new names, fold into
// the record, rebuild its read table, reach the subscribers (derived activities) and are
// found and rewritten by erasure.
describe('collaboration events stored under their names before the prefix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const OLD_NAME_OF = Object.fromEntries(
    Object.entries(RENAMED_EVENT_TYPES).map(([old, now]) => [now, old]),
  );
  const doc = { organizationId: 'org', documentId: 'doc' };
  const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
  const carl = { userId: 'carl', name: 'Carl Diaz', email: 'carl@example.com' };

  it('read, fold, project, derive and erase as the renamed events', async () => {
    const h = t.apiKeyHeaders(await t.createWorkspace());
    const ok = async (path: string, data: unknown) => {
      const res = await t.post(path, data, h);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      return res.body.result.data;
    };
    const apiKey = h['x-service-api-key'];
    const db = t.app.get(DataSource);
    await ok('/v2/workspace/activityconfig/update', { activityServiceConfig: { isEnabled: true } });
    await ok('/v2/organizations/documents/add', {
      organizationId: 'org',
      createOrganization: true,
      documents: [{ documentId: 'doc' }, { documentId: 'doc2' }],
    });
    const thread = { annotationId: 'a1', commentData: [{ from: ann, commentText: 'first' }] };
    await ok('/v2/commentannotations/add', { ...doc, commentAnnotations: [thread] });
    const carls = { annotationId: 'a2', commentData: [{ from: carl, commentText: 'mine' }] };
    const doc2 = { ...doc, documentId: 'doc2' };
    await ok('/v2/commentannotations/add', { ...doc2, commentAnnotations: [carls] });
    await settle(t.app);

    // The threads as an earlier version stored them, and a reply appended under the old name.
    const [created]: { stream_id: string; stream_version: string; data: any }[] = await db.query(
      `SELECT stream_id, stream_version, data FROM events
       WHERE api_key = $1 AND type = 'collaboration.comment-annotation-created'
       ORDER BY global_position`,
      [apiKey],
    );
    const stream = created.stream_id;
    for (const [now, old] of Object.entries(OLD_NAME_OF)) {
      await db.query(`UPDATE events SET type = $3 WHERE api_key = $1 AND type = $2`, [
        apiKey,
        now,
        old,
      ]);
    }
    const { comments, ...ref } = created.data;
    const reply = { ...ref, ...comments[0], commentId: 2, text: 'second', html: 'second' };
    reply.at = ref.at + 1;
    const version = Number(created.stream_version) + 1;
    await db.query(
      `INSERT INTO events (event_id, stream_id, stream_version, type, data, metadata, api_key)
       VALUES (gen_random_uuid(), $1, $2, 'comment.added', $3, $4, $5)`,
      [stream, version, reply, { apiKey }, apiKey],
    );
    await db.query(`UPDATE streams SET version = $2 WHERE stream_id = $1`, [stream, version]);

    const read = await t.app.get(EventStore).readStream(stream);
    expect(read.map((e) => e.type)).toEqual([
      'collaboration.comment-annotation-created',
      'collaboration.comment-added',
    ]);
    expect(
      (await db.query(`SELECT DISTINCT type FROM events WHERE stream_id = $1`, [stream]))
        .map((r: { type: string }) => r.type)
        .sort(),
    ).toEqual(['comment-annotation.created', 'comment.added']);

    // Projected: a rebuild of the read table shows the reply; a write folds both and appends.
    expect(await t.app.get(ProjectionRebuilder).rebuild('collab-record')).toMatchObject({
      name: 'collab-record',
      events: 3,
    });
    await ok('/v2/commentannotations/comments/add', {
      ...doc,
      annotationId: 'a1',
      commentData: [{ from: ann, commentText: 'third' }],
    });
    const [annotation] = await ok('/v2/commentannotations/get', { ...doc });
    expect(
      annotation.comments.map((c: { commentId: number; commentText: string }) => [
        c.commentId,
        c.commentText,
      ]),
    ).toEqual([
      [1, 'first'],
      [2, 'second'],
      [3, 'third'],
    ]);

    // Derived: the activities subscriber read the reply stored under its old name.
    await settle(t.app);
    const activities = await ok('/v2/activities/get', { ...doc, order: 'asc', pageSize: 100 });
    expect(activities.map((a: { actionType: string }) => a.actionType)).toEqual([
      'comment_annotation.add',
      'comment.add',
      'comment.add',
    ]);

    // Erased: Carl's thread, stored under the old name only, is found and rewritten.
    const typesOf = async (documentId: string): Promise<string[]> =>
      (
        await db.query(
          `SELECT type FROM events WHERE api_key = $1 AND data->>'documentId' = $2
             AND data->>'kind' = 'comment-annotation' ORDER BY global_position`,
          [apiKey, documentId],
        )
      ).map((r: { type: string }) => r.type);
    expect(await typesOf('doc2')).toEqual(['comment-annotation.created']);
    const res = await t.post('/v2/users/data/delete', { userIds: ['carl'] }, h);
    expect(res.status).toBe(202);
    await waitFor(async () => {
      const status = await t.post(
        '/v1/users/data/delete/status',
        { jobId: res.body.data.jobId },
        h,
      );
      return status.body.result?.data?.isDeleteCompleted ? true : undefined;
    }, 60_000);
    expect(await ok('/v2/commentannotations/get', doc2)).toEqual([]);
    expect(await typesOf('doc2')).toEqual([
      'collaboration.comment-annotation-created',
      'collaboration.record-removed',
    ]);
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%carl@example.com%'`,
    );
    expect(n).toBe(0);
  }, 120_000);
});
