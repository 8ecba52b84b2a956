import { jest } from '@jest/globals';
import { Injectable, Module } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import {
  ConcurrencyError,
  defineEvent,
  EventStore,
  Projection,
  registerUpcaster,
  Subscriber,
  SubscriptionRunner,
  unregisterUpcaster,
  type EventSubscriber,
  type InlineProjection,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import { createTestApp, waitFor, type TestApp } from '@app/testing';

const onExternalPostgres = Boolean(process.env.DATABASE_URL);
/** A pool of connections (external Postgres or the embedded Postgres engine), not PGlite's one. */
const severalConnections = onExternalPostgres || process.env.EMBEDDED_ENGINE !== 'pglite';
const event = (n: number) => ({ type: 'test.happened', data: { n } });

/**
 * The subscriptions the runner wakes when a commit of `type` is announced: the passes it asks
 * to run (kicks). A pass already running would only be asked for again, so the kick itself,
 * not a pass starting, says who was woken.
 */
function subscriptionsWokenBy(store: EventStore, runner: SubscriptionRunner, type: string) {
  const kicks = jest.spyOn(runner['passes'], 'kick');
  store.appended.emit('appended', new Set([type]));
  const woken = kicks.mock.calls.flatMap(([subscribers]) =>
    subscribers.map((s) => s.subscriptionId),
  );
  kicks.mockRestore();
  return woken;
}

// Integration: the event store on the database the suite runs on (real Postgres with DATABASE_URL).
describe('event store', () => {
  let t: TestApp;
  let store: EventStore;
  let runner: SubscriptionRunner;
  let dataSource: DataSource;
  beforeAll(async () => {
    t = await createTestApp();
    store = t.app.get(EventStore);
    runner = t.app.get(SubscriptionRunner);
    dataSource = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  /** A subscriber that records what it sees, in order. */
  const recorder = (id: string): EventSubscriber & { seen: number[] } => {
    const seen: number[] = [];
    return {
      subscriptionId: id,
      handles: ['test.happened'],
      seen,
      async handle(events: RecordedEvent[]) {
        seen.push(...events.map((e) => (e.data as { n: number }).n));
      },
    };
  };

  /** The subscription's checkpoint and the log's last event, as (transaction, position) text. */
  const positions = async (subscriptionId: string) => {
    const [cp] = await dataSource.query(
      `SELECT transaction_id::text || '/' || position AS at FROM checkpoints WHERE subscription_id = $1`,
      [subscriptionId],
    );
    const [end] = await dataSource.query(
      `SELECT transaction_id::text || '/' || global_position AS at FROM events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return { checkpoint: cp?.at as string, end: end.at as string };
  };
  /**
   * Runs the subscriber's batches until its checkpoint is at the end of the log. Polled: on
   * Postgres any transaction in flight on the server holds the horizon (xmin) back for a moment,
   * the app's own background passes as well as another test file's, in its own database.
   */
  const catchUp = (sub: EventSubscriber) =>
    waitFor(async () => {
      while ((await runner.runBatch(sub)) > 0);
      const at = await positions(sub.subscriptionId);
      return at.checkpoint === at.end ? at : undefined;
    });
  const other = (n: number) => ({ type: 'test.other-thing', data: { n } });
  const appendOne = (streamId: string, e: { type: string; data: unknown }, m?: any) =>
    store.append([{ streamId, streamType: 'test', expectedVersion: 0, events: [e] }], {}, m);

  // On a fresh PGlite database transaction ids are still three digits; a Postgres server (the
  // embedded engine's cluster the whole run shares, an external one) is long past them.
  (onExternalPostgres ? describe.skip : describe)('delivers in commit order', () => {
    let fresh: TestApp;
    beforeAll(async () => {
      fresh = await createTestApp({ config: { embeddedEngine: 'pglite' } });
    });
    afterAll(() => fresh.close());

    it('when transaction ids gain a digit (not in text order)', async () => {
      const store = fresh.app.get(EventStore);
      const runner = fresh.app.get(SubscriptionRunner);
      const dataSource = fresh.app.get(DataSource);
      const sub = recorder('test-xid-digits');
      while ((await runner.runBatch(sub)) > 0);
      sub.seen.length = 0;
      const xid = async () =>
        BigInt((await dataSource.query(`SELECT pg_current_xact_id()::text AS x`))[0].x);
      const boundary = 10n ** BigInt(String(await xid()).length);
      expect(boundary - (await xid())).toBeLessThan(5000n); // few enough to burn here
      await store.append(
        [{ streamId: 'test-digits-a', streamType: 'test', expectedVersion: 0, events: [event(1)] }],
        {},
      );
      while ((await xid()) < boundary); // each autocommit query takes a transaction id
      await store.append(
        [{ streamId: 'test-digits-b', streamType: 'test', expectedVersion: 0, events: [event(2)] }],
        {},
      );
      while ((await runner.runBatch(sub)) > 0);
      expect(sub.seen).toEqual([1, 2]);
    });
  });

  it('appends with an expected version; 20 concurrent appends at the same version: one wins', async () => {
    const streamId = 'test-concurrency';
    await store.append(
      [{ streamId, streamType: 'test', expectedVersion: 0, events: [event(0)] }],
      {},
    );
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        store.append(
          [{ streamId, streamType: 'test', expectedVersion: 1, events: [event(i + 1)] }],
          {},
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
    const stored = await store.readStream(streamId);
    expect(stored.map((e) => e.streamVersion)).toEqual([1, 2]);
  });

  it('refuses to create a stream that exists', async () => {
    await store.append(
      [{ streamId: 'test-exists', streamType: 'test', expectedVersion: 0, events: [event(1)] }],
      {},
    );
    await expect(
      store.append(
        [{ streamId: 'test-exists', streamType: 'test', expectedVersion: 0, events: [event(2)] }],
        {},
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('refuses to create a stream without a stream type, and writes nothing', async () => {
    await expect(
      store.append(
        [{ streamId: 'test-untyped', streamType: '', expectedVersion: 0, events: [event(1)] }],
        {},
      ),
    ).rejects.toThrow(/without a stream type/);
    expect(await store.readStream('test-untyped')).toEqual([]);
  });

  it('appends many streams in one transaction: one conflict fails them all', async () => {
    await store.append(
      [{ streamId: 'test-batch-a', streamType: 'test', expectedVersion: 0, events: [event(1)] }],
      {},
    );
    await expect(
      store.append(
        [
          {
            streamId: 'test-batch-b',
            streamType: 'test',
            expectedVersion: 0,
            events: [event(1), event(2)],
          },
          { streamId: 'test-batch-a', streamType: 'test', expectedVersion: 5, events: [event(2)] },
        ],
        {},
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.readStream('test-batch-b')).toEqual([]);
  });

  it('keeps metadata with every event', async () => {
    const [recorded] = await store.append(
      [{ streamId: 'test-meta', streamType: 'test', expectedVersion: 0, events: [event(1)] }],
      { apiKey: 'k1', requestId: 'r1', actor: 'api-key:k1' },
    );
    expect(recorded.metadata).toEqual({ apiKey: 'k1', requestId: 'r1', actor: 'api-key:k1' });
    expect(recorded.type).toBe('test.happened');
    // The tenant has its own indexed column; events without one (workspace events) leave it NULL.
    await appendOne('test-meta-none', event(2));
    const rows = await dataSource.query(
      `SELECT stream_id, api_key FROM events WHERE stream_id IN ('test-meta', 'test-meta-none') ORDER BY stream_id`,
    );
    expect(rows).toEqual([
      { stream_id: 'test-meta', api_key: 'k1' },
      { stream_id: 'test-meta-none', api_key: null },
    ]);
  });

  it('reads stored events through the upcasters: streams, subscriptions and rewrites', async () => {
    const Renamed = defineEvent<{ n: number; label: string }>()('test.renamed', {
      schemaVersion: 2,
    });
    const [old] = await appendOne('test-upcast', { type: 'test.legacy', data: { n: 1 } });
    const [current] = await store.append(
      [
        {
          streamId: 'test-upcast',
          streamType: 'test',
          expectedVersion: 1,
          events: [Renamed({ n: 2, label: 'two' })],
        },
      ],
      {},
    );
    expect(current.schemaVersion).toBe(2);
    const upcaster = {
      type: 'test.legacy',
      schemaVersion: 1,
      newType: Renamed.type,
      upcast: (e: RecordedEvent) => ({
        ...e,
        type: Renamed.type,
        schemaVersion: 2,
        data: { ...(e.data as { n: number }), label: 'legacy' },
      }),
    };
    registerUpcaster(upcaster);
    try {
      const stored = await store.readStream('test-upcast');
      expect(stored.map((e) => [e.type, e.schemaVersion, e.data])).toEqual([
        [Renamed.type, 2, { n: 1, label: 'legacy' }],
        [Renamed.type, 2, { n: 2, label: 'two' }],
      ]);
      const seen: RecordedEvent[] = [];
      const sub: EventSubscriber = {
        subscriptionId: 'test-upcast-sub',
        handles: [Renamed.type],
        async handle(events) {
          seen.push(...events.filter((e) => e.streamId === 'test-upcast'));
        },
      };
      await catchUp(sub);
      expect(seen.map((e) => e.data)).toEqual([
        { n: 1, label: 'legacy' },
        { n: 2, label: 'two' },
      ]);
      // A rewrite stores the payload in the form it was read in, type and version with it.
      await dataSource.transaction((m) =>
        store.rewrite(m, [{ eventId: old.eventId, data: { n: 1, label: 'rewritten' } }]),
      );
    } finally {
      unregisterUpcaster(upcaster);
    }
    const [row] = await dataSource.query(
      `SELECT type, schema_version, data FROM events WHERE event_id = $1`,
      [old.eventId],
    );
    expect(row).toEqual({
      type: Renamed.type,
      schema_version: 2,
      data: { n: 1, label: 'rewritten' },
    });
  });

  (severalConnections ? describe : describe.skip)('a subscription', () => {
    it('never skips an event whose transaction committed after a later-numbered one', async () => {
      const sub = recorder('test-xid-guard');
      await runner.drain();
      await catchUp(sub);
      sub.seen.length = 0;

      // Transaction A appends first (lower global position) but commits last.
      const a = dataSource.createQueryRunner();
      await a.connect();
      await a.startTransaction();
      await store.append(
        [
          {
            streamId: 'test-late-a',
            streamType: 'test',
            expectedVersion: 0,
            events: [event(1001)],
          },
        ],
        {},
        a.manager,
      );
      await store.append(
        [
          {
            streamId: 'test-late-b',
            streamType: 'test',
            expectedVersion: 0,
            events: [event(1002)],
          },
        ],
        {},
      );
      await runner.runBatch(sub);
      expect(sub.seen).not.toContain(1002); // B waits behind A, which is still in flight
      await a.commitTransaction();
      await a.release();
      await catchUp(sub);
      expect(sub.seen).toEqual([1001, 1002]);
    });
  });

  it('a filtered subscriber moves its checkpoint past events of other types to the end of the log', async () => {
    const sub = recorder('test-moves-on');
    await catchUp(sub);
    await appendOne('test-moves-on-1', event(501));
    for (let i = 0; i < 5; i++) await appendOne(`test-moves-on-other-${i}`, other(i));
    await catchUp(sub);
    expect(sub.seen).toContain(501);
    // Only other types since: one pass reads nothing it handles and still reaches the end.
    for (let i = 5; i < 8; i++) await appendOne(`test-moves-on-other-${i}`, other(i));
    sub.seen.length = 0;
    await catchUp(sub);
    expect(sub.seen).toEqual([]);
  });

  it('wakes after a commit only the subscriptions that read a type it appended', async () => {
    const emitted: ReadonlySet<string>[] = [];
    const listen = (types: ReadonlySet<string>) => emitted.push(types);
    store.appended.on('appended', listen);
    await store.append(
      [
        { streamId: 'test-wakes-1', streamType: 'test', expectedVersion: 0, events: [event(1)] },
        { streamId: 'test-wakes-2', streamType: 'test', expectedVersion: 0, events: [other(2)] },
      ],
      {},
    );
    store.appended.off('appended', listen);
    expect(emitted).toEqual([new Set(['test.happened', 'test.other-thing'])]);

    const wokenBy = (type: string) => subscriptionsWokenBy(store, runner, type);
    const readers = runner.subscriptions
      .filter((s) => !s.handles || s.handles.includes(OrganizationDeleted.type))
      .map((s) => s.subscriptionId);
    expect(readers.length).toBeGreaterThan(0);
    expect(readers.length).toBeLessThan(runner.subscriptions.length);
    expect(wokenBy(OrganizationDeleted.type)).toEqual(readers);
    // No subscriber of this app reads the test's types.
    expect(wokenBy('test.happened')).toEqual([]);
    await t.settle();
  });

  (severalConnections ? describe : describe.skip)(
    'a subscriber held back by an older transaction',
    () => {
      /** A subscriber of the app, of one type no other commit of this test appends. */
      @Subscriber()
      @Injectable()
      class HeldRecorder implements EventSubscriber {
        readonly subscriptionId = 'test-held-recorder';
        readonly handles = ['test.held'];
        readonly seen: number[] = [];
        async handle(events: RecordedEvent[]) {
          this.seen.push(...events.map((e) => (e.data as { n: number }).n));
        }
      }
      @Module({ providers: [HeldRecorder] })
      class HeldModule {}

      it('is woken by the next commit of any type, which may be the one it waits for', async () => {
        const held = await createTestApp({ modules: [HeldModule] });
        try {
          const heldStore = held.app.get(EventStore);
          const heldRunner = held.app.get(SubscriptionRunner);
          const recorder = held.app.get(HeldRecorder);
          await held.settle();
          // An older transaction, still open, with a transaction id of its own.
          const older = held.app.get(DataSource).createQueryRunner();
          await older.startTransaction();
          await older.query('SELECT pg_current_xact_id()');
          try {
            await heldStore.append(
              [
                {
                  streamId: 'test-held-1',
                  streamType: 'test',
                  expectedVersion: 0,
                  events: [{ type: 'test.held', data: { n: 1 } }],
                },
              ],
              {},
            );
            await heldRunner.drain();
            expect(recorder.seen).toEqual([]); // committed, but behind the older transaction
          } finally {
            await older.rollbackTransaction();
            await older.release();
          }
          // A commit of another type (or the timer) must now wake it.
          expect(subscriptionsWokenBy(heldStore, heldRunner, 'test.unrelated')).toContain(
            'test-held-recorder',
          );
          await held.settle();
          expect(recorder.seen).toEqual([1]);
        } finally {
          await held.close();
        }
      });
    },
  );

  (severalConnections ? describe : describe.skip)('moving to the end', () => {
    it('never passes a matching event of a transaction still in flight', async () => {
      const sub = recorder('test-moves-on-late');
      await catchUp(sub);
      sub.seen.length = 0;
      const a = dataSource.createQueryRunner();
      await a.connect();
      await a.startTransaction();
      await appendOne('test-moves-on-late-a', event(2001), a.manager);
      // Committed after A started: other types, and one the subscriber handles.
      for (let i = 0; i < 3; i++) await appendOne(`test-moves-on-late-other-${i}`, other(i));
      await appendOne('test-moves-on-late-b', event(2002));
      while ((await runner.runBatch(sub)) > 0);
      expect(sub.seen).toEqual([]); // everything waits behind A
      const held = await positions('test-moves-on-late');
      expect(held.checkpoint).not.toBe(held.end);
      await a.commitTransaction();
      await a.release();
      for (let i = 3; i < 6; i++) await appendOne(`test-moves-on-late-other-${i}`, other(i));
      await catchUp(sub);
      expect(sub.seen).toEqual([2001, 2002]);
    });
  });

  it('a subscriber failure rolls back its checkpoint: the batch comes again, nothing is lost', async () => {
    const id = 'test-redelivery';
    await store.append(
      [
        {
          streamId: 'test-redelivered',
          streamType: 'test',
          expectedVersion: 0,
          events: [event(7)],
        },
      ],
      {},
    );
    const failing: EventSubscriber = {
      subscriptionId: id,
      handles: ['test.happened'],
      async handle() {
        throw new Error('crash before the checkpoint');
      },
    };
    // Polled: until the horizon passes the append, a batch reads nothing and cannot fail.
    const failure = await waitFor(() =>
      runner.runBatch(failing).then(
        () => undefined,
        (e) => e,
      ),
    );
    expect(failure).toEqual(new Error('crash before the checkpoint'));
    const sub = recorder(id);
    await catchUp(sub);
    expect(sub.seen).toContain(7);
  });

  it('an event delivered twice changes a read model once (projections are idempotent)', async () => {
    const ws = await t.createWorkspace('twice@example.com');
    await t.post(
      '/v2/workspace/domains/add',
      { domains: ['once.example.com'] },
      t.apiKeyHeaders(ws),
    );
    const projection = t.app
      .get(DiscoveryService)
      .getProviders({ metadataKey: Projection.KEY })
      .map((w) => w.instance as InlineProjection)
      .find((p) => p.handles.includes('workspaces.domains-added'))!;
    const events = await store.readStream(`api-key-${ws.apiKey}`);
    const read = () =>
      dataSource.query(`SELECT allowed_domains, version FROM api_keys WHERE api_key = $1`, [
        ws.apiKey,
      ]);
    const before = await read();
    await dataSource.transaction((m) => projection.project(events, m));
    await dataSource.transaction((m) => projection.project(events, m));
    expect(await read()).toEqual(before);
    expect(before[0].allowed_domains).toEqual(['once.example.com']);
  });
});
