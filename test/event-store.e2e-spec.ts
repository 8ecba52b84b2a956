import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import {
  ConcurrencyError,
  EventStore,
  Projection,
  SubscriptionRunner,
  type EventSubscriber,
  type InlineProjection,
  type RecordedEvent,
} from '@app/event-store';
import { createTestApp, type TestApp } from '@app/testing';

const onRealPostgres = Boolean(process.env.DATABASE_URL);
const event = (n: number) => ({ type: 'test.happened', data: { n } });

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
  });

  (onRealPostgres ? it : it.skip)(
    'a subscription never skips an event whose transaction committed after a later-numbered one',
    async () => {
      const sub = recorder('test-xid-guard');
      await runner.drain();
      while ((await runner.runBatch(sub)) > 0);
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
      while ((await runner.runBatch(sub)) > 0);
      expect(sub.seen).toEqual([1001, 1002]);
    },
  );

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
    await expect(runner.runBatch(failing)).rejects.toThrow('crash');
    const sub = recorder(id);
    while ((await runner.runBatch(sub)) > 0);
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
