import type { Queue } from 'bull';
import type { Dispatch, JobTransport } from './job';

const PING_TIMEOUT_MS = 1000;

/** Dispatches through Bull on Redis, so that several processes share the work. */
export class BullTransport implements JobTransport {
  constructor(
    private readonly queue: Queue<Dispatch>,
    private readonly concurrency = 8,
  ) {}

  async start(run: (dispatch: Dispatch) => Promise<void>): Promise<void> {
    await this.queue.isReady();
    void this.queue.process(this.concurrency, (job) => run(job.data));
  }

  async add(dispatch: Dispatch): Promise<void> {
    // An existing job id makes Bull ignore the add: a re-dispatch never duplicates work.
    await this.queue.add(dispatch, {
      jobId: dispatch.transportId,
      delay: dispatch.delayMs,
      attempts: 1,
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async isHealthy(): Promise<boolean> {
    try {
      const pong = await Promise.race([
        this.queue.client.ping(),
        new Promise<string>((_, reject) => setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref()),
      ]);
      return pong === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.queue.close().catch(() => undefined);
  }
}
