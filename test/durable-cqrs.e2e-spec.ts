import { Injectable, Module } from '@nestjs/common';
import {
  CommandHandler,
  CqrsModule,
  EventsHandler,
  Saga,
  type ICommandHandler,
  type IEventHandler,
} from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { map, type Observable } from 'rxjs';
import { DataSource } from 'typeorm';
import {
  ConcurrencyError,
  defineEvent,
  DurableSubscription,
  EventStore,
  ofEvent,
  SubscriptionRunner,
  type RecordedEvent,
  type RecordedOf,
} from '@app/event-store';
import { createTestApp, dropTestDatabase, waitFor, type TestApp } from '@app/testing';

// An extension's events, handler, saga and command, as a user of the server writes them.
const PingRecorded = defineEvent<{ n: number }>()('cqrs-test.ping-recorded');
const PongSent = defineEvent<{ n: number }>()('cqrs-test.pong-sent');

class SendPong {
  constructor(readonly n: number) {}
}

/** What the handlers saw, shared by every app of this file (they run in one process). */
const seen = {
  handled: [] as number[],
  /** n → failures still to throw before the handler succeeds. */
  failuresLeft: new Map<number, number>(),
  /** A pause in the handler, so passes that overlap would show. */
  delayMs: 0,
  /** What the handlers deployed later saw. */
  late: [] as number[],
  lateFromStart: [] as number[],
};

@EventsHandler(PingRecorded)
class PingHandler implements IEventHandler<RecordedOf<typeof PingRecorded>> {
  async handle(event: RecordedOf<typeof PingRecorded>) {
    const left = seen.failuresLeft.get(event.data.n) ?? 0;
    if (left > 0) {
      seen.failuresLeft.set(event.data.n, left - 1);
      throw new Error(`ping ${event.data.n} fails`);
    }
    if (seen.delayMs) await new Promise((resolve) => setTimeout(resolve, seen.delayMs));
    seen.handled.push(event.data.n);
  }
}

/** Deployed on a log with history: starts at its end (the default). */
@EventsHandler(PingRecorded)
class LatePingHandler implements IEventHandler<RecordedOf<typeof PingRecorded>> {
  async handle(event: RecordedOf<typeof PingRecorded>) {
    seen.late.push(event.data.n);
  }
}

/** Deployed on a log with history, asking for all of it. */
@DurableSubscription({ id: 'late-from-start', from: 'start' })
@EventsHandler(PingRecorded)
class LateFromStartHandler implements IEventHandler<RecordedOf<typeof PingRecorded>> {
  async handle(event: RecordedOf<typeof PingRecorded>) {
    seen.lateFromStart.push(event.data.n);
  }
}

@Injectable()
class PongSaga {
  @Saga()
  pong = (events$: Observable<RecordedEvent>) =>
    events$.pipe(
      ofEvent(PingRecorded),
      map((event) => new SendPong(event.data.n)),
    );
}

/** Idempotent by a deterministic stream: a second pong for the same ping is a conflict, ignored. */
@CommandHandler(SendPong)
class SendPongHandler implements ICommandHandler<SendPong> {
  constructor(private readonly store: EventStore) {}

  async execute({ n }: SendPong) {
    try {
      await this.store.append(
        [
          {
            streamId: `cqrs-test-pong:${n}`,
            streamType: 'cqrs-test-pong',
            expectedVersion: 0,
            events: [PongSent({ n })],
          },
        ],
        { actor: 'test' },
      );
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
    }
  }
}

@Module({ imports: [CqrsModule], providers: [PingHandler, PongSaga, SendPongHandler] })
class PingModule {}

@Module({ imports: [CqrsModule], providers: [LatePingHandler, LateFromStartHandler] })
class LateModule {}

const ping = (t: TestApp, n: number) =>
  t.app.get(EventStore).append(
    [
      {
        streamId: `cqrs-test-ping:${n}`,
        streamType: 'cqrs-test-ping',
        expectedVersion: 0,
        events: [PingRecorded({ n })],
      },
    ],
    { actor: 'test' },
  );

const pongs = async (t: TestApp): Promise<number[]> => {
  const rows: { n: number }[] = await t.app
    .get(DataSource)
    .query(`SELECT (data->>'n')::int AS n FROM events WHERE type = $1 ORDER BY 1`, [PongSent.type]);
  return rows.map((r) => r.n);
};

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('durable @EventsHandler and @Saga', () => {
  let t: TestApp;
  let runner: SubscriptionRunner;

  beforeAll(async () => {
    t = await createTestApp({ modules: [PingModule], config: { subscriptionMaxAttempts: 3 } });
    runner = t.app.get(SubscriptionRunner);
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    seen.handled.length = 0;
    seen.failuresLeft.clear();
    seen.delayMs = 0;
  });

  it('hands an @EventsHandler every committed event of its type once, in commit order', async () => {
    for (const n of range(0, 20)) await ping(t, n);
    await waitFor(async () => (seen.handled.length >= 20 ? true : undefined));
    await runner.drain();
    expect(seen.handled).toEqual(range(0, 20));
  });

  it('runs one pass per subscription at a time: drains asked for at once hand each event over once', async () => {
    seen.delayMs = 5;
    for (const n of range(700, 730)) await ping(t, n);
    await Promise.all([runner.drain(), runner.drain(), runner.drain(), t.settle()]);
    expect(seen.handled).toEqual(range(700, 730));
  });

  it('runs the commands a @Saga maps events to, through the CommandBus', async () => {
    for (const n of range(100, 110)) await ping(t, n);
    await waitFor(async () => ((await pongs(t)).includes(109) ? true : undefined));
    const sent = (await pongs(t)).filter((n) => n >= 100 && n < 110);
    expect(sent).toEqual(range(100, 110));
    // The handler of the same events too, before the next test counts its own.
    await waitFor(async () => (seen.handled.includes(109) ? true : undefined));
  });

  it('tries a failing handler again and delivers once it passes, the events after it waiting', async () => {
    seen.failuresLeft.set(200, 2);
    await ping(t, 200);
    await ping(t, 201);
    await waitFor(async () => (seen.handled.includes(201) ? true : undefined), 15_000);
    expect(seen.handled).toEqual([200, 201]);
  });

  it('parks an event whose handler keeps failing, goes on, and delivers it on retry', async () => {
    seen.failuresLeft.set(300, 1000);
    await ping(t, 300);
    await ping(t, 301);
    await waitFor(async () => (seen.handled.includes(301) ? true : undefined), 20_000);
    expect(seen.handled).toEqual([301]);
    const [parked] = await t.app
      .get(DataSource)
      .query(`SELECT id::text AS id, attempts FROM parked_events WHERE subscription_id = $1`, [
        'cqrs.handler.PingHandler',
      ]);
    expect(parked.attempts).toBe(3);

    seen.failuresLeft.delete(300);
    const retried = await runner.retryParked(parked.id);
    expect(retried?.handled).toBe(true);
    expect(seen.handled).toEqual([301, 300]);
    expect(await runner.parkedCount('cqrs.handler.PingHandler')).toBe(0);
  });

  it("lets instanceof, which ofType uses, recognise a definition's stored events", () => {
    const isPing = (event: object) => event instanceof (PingRecorded as unknown as typeof Object);
    expect(isPing({ type: PingRecorded.type, data: { n: 1 } })).toBe(true);
    expect(isPing({ type: PongSent.type, data: { n: 1 } })).toBe(false);
  });
});

describe('durable handlers across a restart', () => {
  it('delivers after a restart an event the stopped app had not finished', async () => {
    seen.handled.length = 0;
    seen.failuresLeft.clear();
    const dataDir = mkdtempSync(join(tmpdir(), 'cqrs-restart-'));
    const first = await createTestApp({
      modules: [PingModule],
      ...(process.env.DATABASE_URL ? { keepDatabase: true } : { dataDir }),
      config: { subscriptionMaxAttempts: 1000 },
    });
    const storage = process.env.DATABASE_URL
      ? { databaseUrl: first.config.databaseUrl! }
      : { dataDir };
    try {
      // The handler fails while the first app runs: the event is not done when it stops.
      seen.failuresLeft.set(400, 1000);
      await ping(first, 400);
      await waitFor(async () => {
        const [row] = await first.app
          .get(DataSource)
          .query(`SELECT failures FROM checkpoints WHERE subscription_id = $1`, [
            'cqrs.handler.PingHandler',
          ]);
        return row?.failures > 0 ? true : undefined;
      });
      await first.close();
      expect(seen.handled).toEqual([]);

      seen.failuresLeft.clear();
      const second = await createTestApp({ modules: [PingModule], ...storage });
      try {
        await waitFor(async () => (seen.handled.includes(400) ? true : undefined), 15_000);
        expect(seen.handled).toEqual([400]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (process.env.DATABASE_URL) await dropTestDatabase(storage.databaseUrl!);
    }
  });
});

describe('durable handlers deployed on a log with history', () => {
  it('start at its end, unless they ask for the start', async () => {
    seen.late.length = 0;
    seen.lateFromStart.length = 0;
    const dataDir = mkdtempSync(join(tmpdir(), 'cqrs-late-'));
    const first = await createTestApp({
      modules: [PingModule],
      ...(process.env.DATABASE_URL ? { keepDatabase: true } : { dataDir }),
    });
    const storage = process.env.DATABASE_URL
      ? { databaseUrl: first.config.databaseUrl! }
      : { dataDir };
    try {
      for (const n of range(600, 605)) await ping(first, n);
      await first.settle();
      await first.close();
      const second = await createTestApp({ modules: [PingModule, LateModule], ...storage });
      try {
        await ping(second, 605);
        await second.settle();
        expect(seen.late).toEqual([605]);
        expect(seen.lateFromStart).toEqual(range(600, 606));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      if (process.env.DATABASE_URL) await dropTestDatabase(storage.databaseUrl!);
    }
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('durable handlers on two instances (Postgres)', () => {
  it('delivers each event once in all, whichever instance holds the lease', async () => {
    seen.handled.length = 0;
    seen.failuresLeft.clear();
    const a = await createTestApp({ modules: [PingModule], keepDatabase: true });
    const b = await createTestApp({ modules: [PingModule], databaseUrl: a.config.databaseUrl });
    try {
      await Promise.all(range(500, 560).map((n) => ping(n % 2 ? a : b, n)));
      await waitFor(async () => (seen.handled.length >= 60 ? true : undefined), 20_000);
      await Promise.all([
        a.app.get(SubscriptionRunner).drain(),
        b.app.get(SubscriptionRunner).drain(),
      ]);
      expect([...seen.handled].sort((x, y) => x - y)).toEqual(range(500, 560));
      expect(await pongs(a)).toEqual(range(500, 560));
    } finally {
      await b.close();
      await a.close();
      await dropTestDatabase(a.config.databaseUrl!);
    }
  });
});
