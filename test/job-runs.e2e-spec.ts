import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import {
  JOB_TRANSPORT,
  JobQueue,
  RetryJobLater,
  type Dispatch,
  type JobRun,
  type JobTransport,
} from '@app/platform';
import {
  createTestApp,
  dropTestDatabase,
  waitFor,
  type TestApp,
  type TestAppOptions,
} from '@app/testing';

// The queue port's runs: a failed run is retried on the ledger's backoff or when it says, a
// dispatch of a job that runs already or is not due does nothing, and a long run told that
// its server stops winds down and is run again by the next server.

/** The work of each run of a long job, settled by the test. */
class Work {
  readonly runs: { jobId: string; attempt: number }[] = [];
  private readonly settles = new Map<string, { resolve(): void; reject(err: unknown): void }>();

  run(job: JobRun): Promise<void> {
    this.runs.push({ jobId: job.id, attempt: job.attempt });
    return new Promise<void>((resolve, reject) => {
      this.settles.set(job.id, { resolve, reject });
      // Told that the queue stops: it winds down and leaves the job to run again.
      job.signal.addEventListener('abort', () => reject(new RetryJobLater(0, false, 'stopping')));
    });
  }

  settle(jobId: string, err?: unknown): void {
    const s = this.settles.get(jobId)!;
    this.settles.delete(jobId);
    if (err) s.reject(err);
    else s.resolve();
  }

  runsOf(jobId: string): number {
    return this.runs.filter((r) => r.jobId === jobId).length;
  }
}

let work = new Work();
const quick: string[] = [];

@Injectable()
class LongHandlers implements OnModuleInit {
  constructor(private readonly queue: JobQueue) {}
  onModuleInit(): void {
    this.queue.handle('test.long', (job) => work.run(job));
    this.queue.handle('test.quick', async (job) => {
      quick.push(job.id);
    });
  }
}

@Module({ providers: [LongHandlers] })
class LongModule {}

const ledger = async (t: TestApp, jobId: string) => {
  const [row] = await t.app.get(DataSource).query(
    `SELECT status, attempts, max_attempts,
       EXTRACT(EPOCH FROM run_after - now()) * 1000 AS wait_ms,
       EXTRACT(EPOCH FROM run_after) * 1000 AS run_after_ms
     FROM jobs WHERE job_id = $1`,
    [jobId],
  );
  return { ...row, wait_ms: Number(row.wait_ms), run_after_ms: Number(row.run_after_ms) };
};

/**
 * The dispatches the queue has handled (run, or dropped as early), by transport id:
 * the sign that a dispatch which must not run has come and gone. Nothing else tells of a
 * dropped dispatch; both transports call the queue's `run` through the instance, so wrapping
 * it there sees every dispatch.
 */
function observeDispatches(queue: JobQueue): (transportId: string) => number {
  const handled: string[] = [];
  const q = queue as unknown as { run(dispatch: Dispatch): Promise<void> };
  const run = q.run.bind(queue);
  q.run = (dispatch) => run(dispatch).finally(() => handled.push(dispatch.transportId));
  return (transportId) => handled.filter((id) => id === transportId).length;
}

describe('a job run by the queue', () => {
  let t: TestApp;
  let queue: JobQueue;
  let handled: (transportId: string) => number;

  beforeAll(async () => {
    t = await createTestApp({ modules: [LongModule] });
    queue = t.app.get(JobQueue);
    handled = observeDispatches(queue);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    work = new Work();
    quick.length = 0;
  });

  it('is retried when its run fails, and deferred without using an attempt when it says so', async () => {
    await queue.enqueue([{ id: 'long-fails', name: 'test.long', data: {} }]);
    await waitFor(async () => (work.runsOf('long-fails') === 1 ? true : undefined));
    work.settle('long-fails', new Error('receiver gone'));
    // The ledger's backoff (1 s), then a second run.
    await waitFor(async () => (work.runsOf('long-fails') === 2 ? true : undefined));
    expect(await ledger(t, 'long-fails')).toMatchObject({ attempts: 1, max_attempts: 5 });
    work.settle('long-fails', new RetryJobLater(0, false));
    await waitFor(async () => (work.runsOf('long-fails') === 3 ? true : undefined));
    // The deferral used no attempt: the budget grew with the count.
    expect(await ledger(t, 'long-fails')).toMatchObject({ attempts: 2, max_attempts: 6 });
    work.settle('long-fails');
    await waitFor(async () =>
      (await queue.status('long-fails')) === 'completed' ? true : undefined,
    );
  });

  it('is not run again by a dispatch that comes while it runs', async () => {
    await queue.enqueue([{ id: 'long-twice', name: 'test.long', data: {} }]);
    await waitFor(async () => (work.runsOf('long-twice') === 1 ? true : undefined));
    // Stale dispatches of the same attempt (a sweep elsewhere, a lapsed Bull lock) while the
    // first run goes on: the transport or the queue drops each.
    const transport = t.app.get<JobTransport>(JOB_TRANSPORT);
    const stale = { transportId: 'long-twice#0', jobId: 'long-twice', delayMs: 0 };
    for (let i = 0; i < 5; i++) {
      await transport.add(stale);
      await queue.sweep();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(work.runsOf('long-twice')).toBe(1);
    work.settle('long-twice');
    await waitFor(async () =>
      (await queue.status('long-twice')) === 'completed' ? true : undefined,
    );
    expect(work.runsOf('long-twice')).toBe(1);
  });

  it('is not run by a dispatch that comes before its run_after', async () => {
    // Planned for later (a retry's backoff), dispatched now anyway:
    // written to the ledger alone, so that the only dispatch is the early one.
    await t.app.get(DataSource).query(
      `INSERT INTO jobs (job_id, name, data, max_attempts, run_after)
       VALUES ('quick-later', 'test.quick', '{}', 5, now() + interval '1 minute')`,
    );
    const transport = t.app.get<JobTransport>(JOB_TRANSPORT);
    const early = { transportId: 'quick-later#0', jobId: 'quick-later', delayMs: 0 };
    await transport.add(early);
    await waitFor(async () => (handled('quick-later#0') === 1 ? true : undefined));
    expect(quick).toEqual([]);
    expect(await queue.status('quick-later')).toBe('pending');
    // Once due, the same dispatch runs it (added again until the transport has let go of the
    // early one: Bull removes its job a moment after the run).
    await t.app
      .get(DataSource)
      .query(`UPDATE jobs SET run_after = now() WHERE job_id = 'quick-later'`);
    await waitFor(async () => {
      await transport.add(early);
      return quick.length === 1 ? true : undefined;
    });
  });
});

/** Where the next app finds the same data: the same embedded directory or the same database. */
async function sameStorage(): Promise<{ options: TestAppOptions; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'collab-job-runs-'));
  const queuePrefix = `long_${process.pid}_${Date.now()}`;
  if (!process.env.DATABASE_URL) {
    return {
      options: { dataDir, config: { queuePrefix }, modules: [LongModule] },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const first = await createTestApp({ keepDatabase: true });
  const databaseUrl = first.config.databaseUrl!;
  await first.close();
  return {
    options: { databaseUrl, config: { queuePrefix }, modules: [LongModule] },
    cleanup: () => dropTestDatabase(databaseUrl),
  };
}

describe('a long job run when its server stops', () => {
  it('is told to wind down, left pending, and run by the next server', async () => {
    work = new Work();
    const storage = await sameStorage();
    try {
      const first = await createTestApp(storage.options);
      await first.app.get(JobQueue).enqueue([{ id: 'long-stop', name: 'test.long', data: {} }]);
      await waitFor(async () => (work.runsOf('long-stop') === 1 ? true : undefined));
      const stopping = Date.now();
      await first.close();
      // It did not wait for the work to end: the work wound down when the queue stopped.
      expect(Date.now() - stopping).toBeLessThan(10_000);

      const second = await createTestApp(storage.options);
      try {
        await waitFor(async () => (work.runsOf('long-stop') === 2 ? true : undefined));
        work.settle('long-stop');
        const queue = second.app.get(JobQueue);
        await waitFor(async () =>
          (await queue.status('long-stop')) === 'completed' ? true : undefined,
        );
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  }, 60_000);
});
