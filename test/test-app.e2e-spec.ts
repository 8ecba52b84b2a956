import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager, type MigrationInterface, type QueryRunner } from 'typeorm';
import { EventStore, Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { JobQueue, Migrations } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';

// What `@app/testing` offers an extension's suite: overrides, its migrations, settle(), and
// a start-up failure that says why.

const GREETING = Symbol('GREETING');

@Injectable()
class Greeter {
  constructor(@Inject(GREETING) private readonly greeting: string) {}
  greet = (name: string) => `${this.greeting}, ${name}`;
}

class ProbeTable1900000000000 implements MigrationInterface {
  name = 'ProbeTable1900000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE probe_notes (id text PRIMARY KEY)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE probe_notes`);
  }
}

/** A job that appends an event, and a subscriber of that event: work settle() must wait for. */
const seen: string[] = [];
let gate: Promise<void> = Promise.resolve();

@Subscriber()
@Injectable()
class ProbeSubscriber implements EventSubscriber {
  readonly subscriptionId = 'probe-settle';
  readonly handles = ['probe.noted'];
  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const { note } = event.data as { note: string };
      seen.push(note);
      await m.query(`INSERT INTO probe_notes (id) VALUES ($1)`, [note]);
    }
  }
}

@Injectable()
class ProbeJobs implements OnModuleInit {
  constructor(
    private readonly queue: JobQueue,
    private readonly store: EventStore,
  ) {}
  onModuleInit(): void {
    this.queue.handle<{ note: string }>('probe.note', async (job) => {
      await this.store.append(
        [
          {
            streamId: `probe-${job.data.note}`,
            streamType: 'probe',
            expectedVersion: 0,
            events: [{ type: 'probe.noted', data: { note: job.data.note } }],
          },
        ],
        { actor: 'test:probe' },
      );
    });
    this.queue.handle('probe.gate', () => gate);
  }
}

@Migrations(ProbeTable1900000000000)
@Module({
  providers: [{ provide: GREETING, useValue: 'Hello' }, Greeter, ProbeSubscriber, ProbeJobs],
})
class ProbeModule {}

const probe = { modules: [ProbeModule] };

describe('createTestApp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      ...probe,
      overrides: [{ provide: GREETING, useValue: 'Hi' }],
    });
  });
  afterAll(() => t?.close());

  it('replaces a provider from a list of overrides', () => {
    expect(t.app.get(Greeter).greet('Ann')).toBe('Hi, Ann');
  });

  it('runs the migrations the modules declare', async () => {
    const rows = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM probe_notes`);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('settle() runs a job left to the sweep and the subscriber of the event it appends', async () => {
    const queue = t.app.get(JobQueue);
    // Recorded in a transaction and never dispatched: only the 30 s sweep would run it.
    await t.app
      .get(DataSource)
      .transaction((m) =>
        queue.enqueue([{ id: 'note-1', name: 'probe.note', data: { note: 'one' } }], {}, m),
      );
    // settle() gives up after 10 s, a third of the sweep's 30: done, it ran the job itself.
    await t.settle();
    expect(await queue.status('note-1')).toBe('completed');
    expect(seen).toEqual(['one']);
  });

  it('settle() names what is still behind when time runs out', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    await t.app.get(JobQueue).enqueue([{ id: 'gate-1', name: 'probe.gate', data: {} }]);
    await expect(t.settle(300)).rejects.toThrow(
      /not done within 300 ms\n- job gate-1 \(probe\.gate\) is pending after 0 of 5 attempts/,
    );
    open();
    await t.settle();
    expect(await t.app.get(JobQueue).status('gate-1')).toBe('completed');
  });
});

describe('createTestApp overrides through the TestingModuleBuilder', () => {
  it('replaces a provider with the builder function', async () => {
    const t = await createTestApp({
      ...probe,
      overrides: (builder) => builder.overrideProvider(GREETING).useValue('Bonjour'),
    });
    try {
      expect(t.app.get(Greeter).greet('Ann')).toBe('Bonjour, Ann');
    } finally {
      await t.close();
    }
  });
});

describe('createTestApp when the app cannot start', () => {
  @Module({
    providers: [
      {
        provide: 'BROKEN',
        // Fails once the database is open, as an extension's provider would: a failure
        // beside the database's own start would leave it opening after the test ended.
        inject: [DataSource],
        useFactory: () => {
          throw new Error('probe cannot start', { cause: new Error('the root cause') });
        },
      },
    ],
  })
  class BrokenModule {}

  it('prints the error with its causes and rethrows it', async () => {
    const printed: string[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => printed.push(args.map(String).join(' '));
    try {
      await expect(createTestApp({ modules: [BrokenModule] })).rejects.toThrow(
        'probe cannot start',
      );
    } finally {
      console.error = error;
    }
    expect(printed.join('\n')).toMatch(
      /the app failed to start\nError: probe cannot start\n[\s\S]*Caused by: Error: the root cause/,
    );
  });
});
