import { randomUUID } from 'node:crypto';
import {
  Aggregate,
  AggregateRepository,
  ConcurrencyError,
  defineEvent,
  EventStore,
  streamTarget,
  type EventOf,
} from '@app/event-store';
import { ServiceError } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';

const Counted = defineEvent<{ by: number }>()('test.counted');
type CounterEvent = EventOf<{ Counted: typeof Counted }>;

class Counter extends Aggregate<CounterEvent> {
  total = 0;
  /** Answers the total it found. */
  count(by: number): number {
    const found = this.total;
    this.raise(Counted({ by }));
    return found;
  }
  protected when(event: CounterEvent): void {
    this.total += event.data.by;
  }
}

const counter = (id: string = randomUUID()) =>
  streamTarget('test-counter', `test-counter-${id}`, () => new Counter());

// AggregateRepository.update: before, decide, append and after in one transaction, retried on a conflict.
describe('changing an aggregate', () => {
  let t: TestApp;
  let store: EventStore;
  let repository: AggregateRepository;
  beforeAll(async () => {
    t = await createTestApp();
    store = t.app.get(EventStore);
    repository = t.app.get(AggregateRepository);
  });
  afterAll(() => t.close());

  const totalOf = async (target: ReturnType<typeof counter>) =>
    (await repository.load(target.streamId, target.create)).total;

  it('decides again from fresh state when another writer got there first', async () => {
    const target = counter();
    let attempts = 0;
    const total = await repository.update(
      target,
      {},
      {
        decide: async (c, { manager }) => {
          attempts += 1;
          // The first attempt is overtaken: an event lands at the version it loaded.
          if (attempts === 1) {
            await store.append(
              [{ ...target, expectedVersion: c.version, events: [Counted({ by: 100 })] }],
              {},
              manager,
            );
          }
          return c.count(1);
        },
      },
    );
    expect(attempts).toBe(2);
    // The overtaking write was in the failed attempt's transaction: rolled back with it.
    expect(total).toBe(0);
    expect(await totalOf(target)).toBe(1);
  });

  it('refuses one stream given twice at once, without retrying', async () => {
    const target = counter();
    let attempts = 0;
    const twice = repository.updateMany(
      [target, target],
      {},
      {
        decide: (counters) => {
          attempts += 1;
          return counters.map((c) => c.count(1));
        },
      },
    );
    await expect(twice).rejects.toThrow(`Stream ${target.streamId} given twice in one change`);
    expect(attempts).toBe(1);
    expect(await totalOf(target)).toBe(0);
  });

  it("answers ABORTED when conflicts go on; in the caller's transaction it does not retry", async () => {
    const target = counter();
    let attempts = 0;
    const conflict = () => {
      attempts += 1;
      throw new ConcurrencyError([target.streamId]);
    };
    await expect(repository.update(target, {}, conflict)).rejects.toMatchObject({
      status: 'ABORTED',
    });
    expect(attempts).toBe(10);
    attempts = 0;
    const inCaller = store.transaction((m) =>
      repository.update(target, {}, { decide: conflict }, m),
    );
    await expect(inCaller).rejects.toBeInstanceOf(ConcurrencyError);
    expect(attempts).toBe(1);
  });

  it('runs before and after in the same transaction; after sees the recorded events', async () => {
    const target = counter();
    const side = counter();
    const answer = await repository.update(
      target,
      { actor: 'test' },
      {
        before: async () => {
          const opened = new Counter().load([]);
          opened.count(5);
          return { toSave: [{ ...side, aggregate: opened }], by: 2 };
        },
        decide: (c, { prepared }) => c.count(prepared.by),
        after: async (m, recorded, before) => {
          const stored = await store.readStream(target.streamId, m);
          return { before, recorded, stored };
        },
      },
    );
    expect(answer.before).toBe(0);
    // What before opened is appended first, with the target's events.
    expect(answer.recorded.map((e) => [e.streamId, e.data])).toEqual([
      [side.streamId, { by: 5 }],
      [target.streamId, { by: 2 }],
    ]);
    expect(answer.stored.map((e) => e.eventId)).toEqual([answer.recorded[1].eventId]);
    expect(answer.recorded[1].metadata).toMatchObject({ actor: 'test' });
    expect(await totalOf(side)).toBe(5);
  });

  it('rolls everything back when a step throws', async () => {
    const target = counter();
    const side = counter();
    const failing = repository.update(
      target,
      {},
      {
        before: async (m) => {
          await store.append(
            [{ ...side, expectedVersion: 0, events: [Counted({ by: 1 })] }],
            {},
            m,
          );
          return {};
        },
        decide: (c) => c.count(1),
        after: async () => {
          throw new ServiceError('INTERNAL', 'after failed');
        },
      },
    );
    await expect(failing).rejects.toThrow('after failed');
    expect(await store.readStream(target.streamId)).toEqual([]);
    expect(await store.readStream(side.streamId)).toEqual([]);
  });

  it('changes several aggregates in one append; targets may come from what before found', async () => {
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await repository.update(counter(ids[0]), {}, (c) => c.count(7));
    const recorded = await repository.updateMany(
      (found: { ids: string[] }) => found.ids.map((id) => counter(id)),
      {},
      {
        before: async () => ({ ids }),
        decide: (counters, { loaded }) => {
          counters.forEach((c, i) => i !== 1 && c.count(c.total + 1));
          return loaded.size;
        },
        after: async (_m, events, streamsRead) => ({ events, streamsRead }),
      },
    );
    expect(recorded.streamsRead).toBe(1); // only the first stream had events
    expect(recorded.events.map((e) => e.data)).toEqual([{ by: 8 }, { by: 1 }]);
    expect(await totalOf(counter(ids[0]))).toBe(15);
    expect(await store.readStream(counter(ids[1]).streamId)).toEqual([]);
  });
});
