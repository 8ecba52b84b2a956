import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import {
  JOB_TRANSPORT,
  JobContinuation,
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

// The queue port's continuations: a job whose work goes on after its run frees its worker,
// stays pending and leased to its process, and ends when that work settles.

/** The work of each run of a continuing job, settled by the test. */
class Work {
  readonly runs: { jobId: string; attempt: number }[] = [];
  private readonly settles = new Map<string, { resolve(): void; reject(err: unknown): void }>();

  continuation(job: JobRun): JobContinuation {
    this.runs.push({ jobId: job.id, attempt: job.attempt });
    return new JobContinuation(
      new Promise<void>((resolve, reject) => {
        this.settles.set(job.id, { resolve, reject });
        // Told that the queue stops: it winds down and leaves the job to run again.
        job.signal.addEventListener('abort', () => reject(new RetryJobLater(0, false, 'stopping')));
      }),
    );
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
class ContinuingHandlers implements OnModuleInit {
  constructor(private readonly queue: JobQueue) {}
  onModuleInit(): void {
    this.queue.handle('test.continuing', async (job) => work.continuation(job));
    this.queue.handle('test.quick', async (job) => {
      quick.push(job.id);
    });
  }
}

@Module({ providers: [ContinuingHandlers] })
class ContinuingModule {}

const ledger = async (t: TestApp, jobId: string) => {
  const [row] = await t.app.get(DataSource).query(
    `SELECT status, attempts, max_attempts,
       EXTRACT(EPOCH FROM run_after - now()) * 1000 AS lease_ms,
       EXTRACT(EPOCH FROM run_after) * 1000 AS run_after_ms
     FROM jobs WHERE job_id = $1`,
    [jobId],
  );
  return { ...row, lease_ms: Number(row.lease_ms), run_after_ms: Number(row.run_after_ms) };
};

/**
 * The dispatches the queue has handled (run, or dropped as early or leased), by transport id:
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

describe('a job that continues after its run', () => {
  let t: TestApp;
  let queue: JobQueue;
  let handled: (transportId: string) => number;

  beforeAll(async () => {
    t = await createTestApp({ modules: [ContinuingModule] });
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

  it('frees its worker at once, stays pending and leased until its work settles, then completes', async () => {
    // More continuing jobs than the transport has workers (8), then quick jobs behind them.
    const continuing = Array.from({ length: 10 }, (_, i) => `cont-${i}`);
    await queue.enqueue(continuing.map((id) => ({ id, name: 'test.continuing', data: {} })));
    await waitFor(async () => (work.runs.length === 10 ? true : undefined));
    await queue.enqueue(
      Array.from({ length: 5 }, (_, i) => ({ id: `quick-${i}`, name: 'test.quick', data: {} })),
    );
    await waitFor(async () => (quick.length === 5 ? true : undefined));

    const leased = await ledger(t, 'cont-0');
    expect(leased).toMatchObject({ status: 'pending', attempts: 0 });
    expect(leased.lease_ms).toBeGreaterThan(10_000);
    expect(queue.continuingJobIds().sort()).toEqual([...continuing].sort());

    for (const id of continuing) work.settle(id);
    await waitFor(async () =>
      (await ledger(t, 'cont-9')).status === 'completed' && queue.continuingJobIds().length === 0
        ? true
        : undefined,
    );
    for (const id of continuing) expect(await queue.status(id)).toBe('completed');
    expect(work.runs.map((r) => r.attempt)).toEqual(Array(10).fill(1));
  });

  it('is retried like a failed run when its work fails, and deferred when it says so', async () => {
    await queue.enqueue([{ id: 'cont-fails', name: 'test.continuing', data: {} }]);
    await waitFor(async () => (work.runsOf('cont-fails') === 1 ? true : undefined));
    work.settle('cont-fails', new Error('receiver gone'));
    // The ledger's backoff (1 s), then a second run.
    await waitFor(async () => (work.runsOf('cont-fails') === 2 ? true : undefined));
    expect(await ledger(t, 'cont-fails')).toMatchObject({ attempts: 1, max_attempts: 5 });
    work.settle('cont-fails', new RetryJobLater(0, false));
    await waitFor(async () => (work.runsOf('cont-fails') === 3 ? true : undefined));
    // The deferral used no attempt: the budget grew with the count.
    expect(await ledger(t, 'cont-fails')).toMatchObject({ attempts: 2, max_attempts: 6 });
    work.settle('cont-fails');
    await waitFor(async () =>
      (await queue.status('cont-fails')) === 'completed' ? true : undefined,
    );
  });

  it('is not run again by a dispatch that comes while it is leased', async () => {
    await queue.enqueue([{ id: 'cont-leased', name: 'test.continuing', data: {} }]);
    await waitFor(async () => (handled('cont-leased#0') === 1 ? true : undefined));
    // A stale dispatch of the same attempt (a sweep elsewhere, a lapsed Bull lock), added
    // until the queue has handled it: Bull ignores it while the first run's job is still there.
    const transport = t.app.get<JobTransport>(JOB_TRANSPORT);
    const stale = { transportId: 'cont-leased#0', jobId: 'cont-leased', delayMs: 0 };
    await waitFor(async () => {
      await transport.add(stale);
      return handled('cont-leased#0') === 2 ? true : undefined;
    });
    expect(work.runsOf('cont-leased')).toBe(1);
    work.settle('cont-leased');
    await waitFor(async () =>
      (await queue.status('cont-leased')) === 'completed' ? true : undefined,
    );
  });

  it('is not run by a dispatch that comes before its run_after', async () => {
    // Planned for later (a retry's backoff, a lease held elsewhere), dispatched now anyway:
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

  it('keeps its lease while its work goes on', async () => {
    await queue.enqueue([{ id: 'cont-long', name: 'test.continuing', data: {} }]);
    await waitFor(async () => (work.runsOf('cont-long') === 1 ? true : undefined));
    // Leased for 20 s and renewed every 5 s: the lease, then two renewals, each moving
    // run_after on (within 10 s); the job stays pending, most of a lease ahead, not run again.
    const leases = new Set<number>();
    const later = await waitFor(
      async () => {
        const row = await ledger(t, 'cont-long');
        if (row.lease_ms > 0) leases.add(row.run_after_ms);
        return leases.size === 3 ? row : undefined;
      },
      15_000,
      100,
    );
    expect(later.status).toBe('pending');
    expect(later.lease_ms).toBeGreaterThan(12_000);
    expect(work.runsOf('cont-long')).toBe(1);
    work.settle('cont-long');
    await waitFor(async () =>
      (await queue.status('cont-long')) === 'completed' ? true : undefined,
    );
  }, 30_000);
});

/** Where the next app finds the same data: the same embedded directory or the same database. */
async function sameStorage(): Promise<{ options: TestAppOptions; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'collab-continuation-'));
  const queuePrefix = `cont_${process.pid}_${Date.now()}`;
  if (!process.env.DATABASE_URL) {
    return {
      options: { dataDir, config: { queuePrefix }, modules: [ContinuingModule] },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const first = await createTestApp({ keepDatabase: true });
  const databaseUrl = first.config.databaseUrl!;
  await first.close();
  return {
    options: { databaseUrl, config: { queuePrefix }, modules: [ContinuingModule] },
    cleanup: () => dropTestDatabase(databaseUrl),
  };
}

describe('a continuing job when its server stops', () => {
  it('is told to wind down, left pending, and run by the next server', async () => {
    work = new Work();
    const storage = await sameStorage();
    try {
      const first = await createTestApp(storage.options);
      await first.app
        .get(JobQueue)
        .enqueue([{ id: 'cont-stop', name: 'test.continuing', data: {} }]);
      await waitFor(async () => (work.runsOf('cont-stop') === 1 ? true : undefined));
      const stopping = Date.now();
      await first.close();
      // It did not wait out the lease (20 s): the work wound down when the queue stopped.
      expect(Date.now() - stopping).toBeLessThan(10_000);

      const second = await createTestApp(storage.options);
      try {
        await waitFor(async () => (work.runsOf('cont-stop') === 2 ? true : undefined));
        work.settle('cont-stop');
        const queue = second.app.get(JobQueue);
        await waitFor(async () =>
          (await queue.status('cont-stop')) === 'completed' ? true : undefined,
        );
      } finally {
        await second.close();
      }
    } finally {
      await storage.cleanup();
    }
  }, 60_000);
});
