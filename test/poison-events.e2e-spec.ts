import { DataSource, QueryFailedError } from 'typeorm';
import {
  EventStore,
  SubscriptionRunner,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { KNOWN_AUTHORS_SUBSCRIPTION } from '@app/users';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { runEventsCommand } from '../apps/api/src/events.command';

const MAX_ATTEMPTS = 3;
/** What a stored `collaboration.record-saved` (schema 1) is read as. */
const LEGACY_SNAPSHOT = 'collaboration.legacy-snapshot';
const organizationId = 'poison-org';
const documentId = 'poison-doc';
const alice = { userId: 'alice-p1', name: 'Alice', email: 'alice@example.org' };
const bob = { userId: 'bob-p2', name: 'Bob', email: 'bob@example.org' };
const carol = { userId: 'carol-p3', name: 'Carol', email: 'carol@example.org' };
const victim = { userId: 'victim-p4', name: 'Vic', email: 'vic@example.org' };

async function ok(res: { status: number; body: unknown }) {
  if (res.status !== 200) throw new Error(`failed: ${res.status} ${JSON.stringify(res.body)}`);
}

// A stored event a handler cannot take must be parked, not stall its subscription (and every
// GDPR deletion job waiting on it) for ever.
describe('poison events', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let other: Record<string, string>;
  let store: EventStore;
  let runner: SubscriptionRunner;
  let dataSource: DataSource;

  const knownUsers = async (headers = h) => {
    const res = await t.post('/v2/users/get', { organizationId }, headers);
    return (res.body.result.data as { userId: string }[]).map((u) => u.userId);
  };
  const annotate = async (annotationId: string, from: object, headers = h) =>
    ok(
      await t.post(
        '/v2/commentannotations/add',
        {
          organizationId,
          documentId,
          commentAnnotations: [{ annotationId, commentData: [{ commentText: 'hi', from }] }],
        },
        headers,
      ),
    );
  const parkedRows = (subscriptionId: string) =>
    dataSource.query(
      `SELECT id::text, global_position::text, event_id, type, error, attempts
       FROM parked_events WHERE subscription_id = $1 ORDER BY id`,
      [subscriptionId],
    );
  const checkpoint = async (subscriptionId: string) =>
    (
      await dataSource.query(
        `SELECT position::text, failures FROM checkpoints WHERE subscription_id = $1`,
        [subscriptionId],
      )
    )[0];
  async function deletionCompletes(headers: Record<string, string>, userId: string) {
    const res = await t.post('/v2/users/data/delete', { userIds: [userId] }, headers);
    expect(res.status).toBe(202);
    const { jobId } = res.body.data;
    return waitFor(async () => {
      const status = await t.post('/v1/users/data/delete/status', { jobId }, headers);
      return status.body.result?.data?.isDeleteCompleted ? status.body.result.data : undefined;
    }, 60_000);
  }

  /**
   * Stores what an old bug would have, as the first version stored annotations (a whole
   * record in `collaboration.record-saved`, read today through its upcaster): an annotation
   * whose first comment's author is an array, beside the real one. Its top-level author
   * (carol) is valid.
   */
  async function appendMalformedSave(): Promise<RecordedEvent> {
    const [real] = await dataSource.query(
      `SELECT stream_id, data FROM events WHERE type = 'collaboration.comment-annotation-created'
         AND data->>'recordId' = 'by-alice' ORDER BY global_position LIMIT 1`,
    );
    const { apiKey, at } = real.data;
    const comment = {
      commentId: 1,
      commentText: 'hi',
      commentHtml: '',
      from: [victim],
      taggedUserContacts: [],
      reactions: [],
      createdAt: at,
      lastUpdated: at,
    };
    const data = {
      apiKey,
      organizationId,
      documentId,
      kind: 'comment-annotation',
      recordId: 'malformed',
      action: 'comment_annotation.add',
      record: {
        annotationId: 'malformed',
        from: carol,
        comments: [comment],
        createdAt: at,
        lastUpdated: at,
      },
      subIds: ['1'],
      at,
    };
    const [saved] = await store.append(
      [
        {
          streamId: real.stream_id.replace('by-alice', 'malformed'),
          streamType: 'collab-record',
          expectedVersion: 0,
          events: [{ type: 'collaboration.record-saved', data }],
        },
      ],
      { apiKey, actor: 'test:old-bug' },
    );
    return saved;
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { subscriptionMaxAttempts: MAX_ATTEMPTS } });
    store = t.app.get(EventStore);
    runner = t.app.get(SubscriptionRunner);
    dataSource = t.app.get(DataSource);
    h = t.apiKeyHeaders(await t.createWorkspace('poisoned@example.com'));
    other = t.apiKeyHeaders(await t.createWorkspace('bystander@example.com'));
    for (const headers of [h, other]) {
      await ok(
        await t.post(
          '/v2/organizations/documents/add',
          { organizationId, createOrganization: true, documents: [{ documentId }] },
          headers,
        ),
      );
    }
    await annotate('by-alice', alice);
    await waitFor(async () => ((await knownUsers()).includes(alice.userId) ? true : undefined));
  });
  afterAll(() => t.close());

  let poison: RecordedEvent;

  it('parks the malformed event after N failures; later events are handled, GDPR jobs complete', async () => {
    poison = await appendMalformedSave();
    // Deletion jobs started while the subscription is stuck, in this tenant and another one.
    await ok(await t.post('/v2/users/add', { organizationId, users: [victim] }, other));
    const jobs = [deletionCompletes(other, victim.userId), deletionCompletes(h, alice.userId)];
    await annotate('by-bob', bob);

    await waitFor(
      async () => ((await knownUsers()).includes(bob.userId) ? true : undefined),
      30_000,
    );
    for (const done of await Promise.all(jobs)) expect(done).toMatchObject({ tasksLeft: 0 });

    const [parked, ...more] = await parkedRows(KNOWN_AUTHORS_SUBSCRIPTION);
    expect(more).toEqual([]);
    expect(parked).toEqual({
      id: expect.any(String),
      global_position: poison.globalPosition,
      event_id: poison.eventId,
      type: LEGACY_SNAPSHOT,
      error:
        'Error: Malformed record: author 2 of a comment-annotation is an array, not a user object',
      attempts: MAX_ATTEMPTS,
    });
    expect(await runner.parkedCount(KNOWN_AUTHORS_SUBSCRIPTION)).toBe(1);
    expect(runner.parkedTotal).toBe(1);
    expect(await runner.isCaughtUp(KNOWN_AUTHORS_SUBSCRIPTION)).toBe(true);
    // Refused whole: its valid author did not become a known user either.
    const users = await knownUsers();
    expect(users).toContain(bob.userId);
    expect(users).not.toContain(carol.userId);
    expect(users).not.toContain(alice.userId); // erased by the deletion job
  });

  it('events parked lists it; events retry keeps an unfixed one and handles a fixed one, checkpoint unmoved', async () => {
    const lines: string[] = [];
    expect(await runEventsCommand(t.app, ['parked'], (l) => lines.push(l))).toBe(0);
    const listed = lines.map((l) => JSON.parse(l));
    expect(listed).toEqual([
      expect.objectContaining({
        subscriptionId: KNOWN_AUTHORS_SUBSCRIPTION,
        position: poison.globalPosition,
        type: LEGACY_SNAPSHOT,
        error: expect.stringContaining('Malformed record'),
        parkedAt: expect.any(String),
      }),
    ]);
    const { id } = listed[0];
    // A commit wakes only the subscribers of its types: the others' checkpoints move past it on
    // the next pass (the timer's), so a pass here first moves this one to the end of the log.
    await runner.drain();
    const before = await checkpoint(KNOWN_AUTHORS_SUBSCRIPTION);

    lines.length = 0;
    expect(await runEventsCommand(t.app, ['retry', id], (l) => lines.push(l))).toBe(1);
    expect(JSON.parse(lines[0])).toMatchObject({ id, status: 'failed', error: expect.any(String) });
    const [kept] = await parkedRows(KNOWN_AUTHORS_SUBSCRIPTION);
    expect(kept).toMatchObject({ id, attempts: MAX_ATTEMPTS + 1 });
    expect(await knownUsers()).not.toContain(carol.userId);

    // An operator repairs the stored payload; the retry now goes through.
    await dataSource.query(
      `UPDATE events SET data = jsonb_set(data, '{record,comments,0,from}', $2::jsonb)
       WHERE event_id = $1`,
      [poison.eventId, JSON.stringify(carol)],
    );
    lines.length = 0;
    expect(await runEventsCommand(t.app, ['retry', id], (l) => lines.push(l))).toBe(0);
    expect(JSON.parse(lines[0])).toEqual({
      id,
      subscriptionId: KNOWN_AUTHORS_SUBSCRIPTION,
      position: poison.globalPosition,
      type: LEGACY_SNAPSHOT,
      status: 'handled',
    });
    expect(await parkedRows(KNOWN_AUTHORS_SUBSCRIPTION)).toEqual([]);
    expect(await knownUsers()).toContain(carol.userId);
    expect((await checkpoint(KNOWN_AUTHORS_SUBSCRIPTION)).position).toBe(before.position);

    lines.length = 0;
    expect(await runEventsCommand(t.app, ['retry', id], (l) => lines.push(l))).toBe(1);
    expect(JSON.parse(lines[0])).toEqual({ id, status: 'not-found' });
  });

  /**
   * Events of a type of their own, for one hand-driven subscriber; returns once a subscription
   * can read them (no transaction begun before their commit is still in flight).
   */
  async function appendProbes(type: string, values: number[]): Promise<void> {
    await store.append(
      values.map((n) => ({
        streamId: `${type}-${n}`,
        streamType: 'test',
        expectedVersion: 0,
        events: [{ type, data: { n } }],
      })),
      {},
    );
    await waitFor(async () => {
      const [row] = await dataSource.query(
        `SELECT bool_and(transaction_id < pg_snapshot_xmin(pg_current_snapshot())) AS readable
         FROM events WHERE type = $1`,
        [type],
      );
      return row.readable ? true : undefined;
    });
  }
  const drainOnce = (sub: EventSubscriber) => runner.runBatch(sub).catch((err: Error) => err);

  it('keeps the events before a failing one in a batch and parks only the failing one', async () => {
    const type = 'test.batch-probe';
    await appendProbes(type, [1, 2, 3, 4]);
    const seen: number[] = [];
    const sub: EventSubscriber = {
      subscriptionId: 'test.batch-probe',
      handles: [type],
      async handle(events, m) {
        for (const e of events) {
          // A message quoting stored data, as Postgres errors do: kept without the quote.
          if ((e.data as { n: number }).n === 3) throw new Error('cannot take "ann@example.com"');
        }
        await m.query('SELECT 1');
        seen.push(...events.map((e) => (e.data as { n: number }).n));
      },
    };
    // First pass: 1 and 2 commit, 3 fails once.
    expect(await drainOnce(sub)).toEqual(new Error('cannot take "ann@example.com"'));
    expect(seen).toEqual([1, 2]);
    expect(await checkpoint(sub.subscriptionId)).toMatchObject({ failures: 1 });
    for (let i = 2; i < MAX_ATTEMPTS; i++) await drainOnce(sub);
    expect(await parkedRows(sub.subscriptionId)).toEqual([]);
    // The last allowed failure parks it, and the pass goes on to 4.
    expect(await drainOnce(sub)).toBe(1);
    while ((await runner.runBatch(sub)) > 0);
    expect(seen).toEqual([1, 2, 4]);
    expect(await parkedRows(sub.subscriptionId)).toEqual([
      expect.objectContaining({ error: 'Error: cannot take "…"', attempts: MAX_ATTEMPTS }),
    ]);
    expect(await checkpoint(sub.subscriptionId)).toMatchObject({ failures: 0 });
  });

  it('does not count connection errors: an outage parks nothing', async () => {
    const type = 'test.outage-probe';
    await appendProbes(type, [1]);
    let down = true;
    const seen: number[] = [];
    const outages = [
      () =>
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      () =>
        new QueryFailedError(
          'SELECT 1',
          [],
          Object.assign(new Error('terminating connection due to administrator command'), {
            code: '57P01',
          }),
        ),
      () => new Error('Connection terminated unexpectedly'),
    ];
    let failures = 0;
    const sub: EventSubscriber = {
      subscriptionId: 'test.outage-probe',
      handles: [type],
      async handle(events) {
        if (down) throw outages[failures++ % outages.length]();
        seen.push(...events.map((e) => (e.data as { n: number }).n));
      },
    };
    for (let i = 0; i < MAX_ATTEMPTS * 3; i++) {
      expect(await drainOnce(sub)).toBeInstanceOf(Error);
    }
    expect(failures).toBe(MAX_ATTEMPTS * 3);
    expect(await parkedRows(sub.subscriptionId)).toEqual([]);
    expect(await checkpoint(sub.subscriptionId)).toMatchObject({ failures: 0 });
    down = false;
    while ((await runner.runBatch(sub)) > 0);
    expect(seen).toEqual([1]);
  });

  // The failure count must go through the handler's own (dead) connection, never another one.
  (process.env.DATABASE_URL ? describe : describe.skip)('does not count a connection', () => {
    it('Postgres really drops under the handler', async () => {
      const type = 'test.dropped-probe';
      await appendProbes(type, [1]);
      let drops = 0;
      const seen: number[] = [];
      const sub: EventSubscriber = {
        subscriptionId: 'test.dropped-probe',
        handles: [type],
        async handle(events, m) {
          if (drops < MAX_ATTEMPTS + 1) {
            drops++;
            await m.query('SELECT pg_terminate_backend(pg_backend_pid())');
          }
          seen.push(...events.map((e) => (e.data as { n: number }).n));
        },
      };
      for (let i = 0; i <= MAX_ATTEMPTS; i++) {
        expect(await drainOnce(sub)).toBeInstanceOf(Error);
      }
      expect(await parkedRows(sub.subscriptionId)).toEqual([]);
      while ((await runner.runBatch(sub)) > 0);
      expect(seen).toEqual([1]);
      expect(await checkpoint(sub.subscriptionId)).toMatchObject({ failures: 0 });
    });
  });
});
