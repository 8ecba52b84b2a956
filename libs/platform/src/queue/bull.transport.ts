import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import type Redis from 'ioredis';
import type { Dispatch, JobTransport } from './job';

const PING_TIMEOUT_MS = 1000;

/** Dispatches through Bull on Redis, so that several processes share the work. */
export class BullTransport implements JobTransport {
  private readonly logger = new Logger('BullTransport');
  private closing = false;

  constructor(
    private readonly queue: Queue<Dispatch>,
    private readonly connections: Redis[],
    private readonly concurrency = 8,
  ) {
    this.listen();
  }

  async start(run: (dispatch: Dispatch) => Promise<void>): Promise<void> {
    await this.queue.isReady();
    // process() settles only when the worker stops; closing the queue rejects it.
    this.queue
      .process(this.concurrency, (job) => run(job.data))
      .catch((err) => {
        if (!this.closing) this.logger.error({ msg: 'Bull worker stopped', err: String(err) });
      });
    // Start-up is done when Bull has subscribed to its events: closing earlier races them.
    await (this.queue as Queue<Dispatch> & { _initializingProcess?: Promise<void> })
      ._initializingProcess;
  }

  async add(dispatch: Dispatch): Promise<void> {
    // A closing queue's add waits for a connection that is not coming back.
    if (this.closing) throw new Error('the Bull transport is closed');
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
        new Promise<string>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS).unref(),
        ),
      ]);
      return pong === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.queue.close().catch(() => undefined);
    // Bull can reject its close promise with "Connection is closed." when a connection ends
    // first; @nestjs/bull closes the queue again at shutdown and would rethrow that.
    const queue = this.queue as Queue<Dispatch> & { closing?: Promise<void> };
    queue.closing = queue.closing?.catch(() => undefined);
    await Promise.all(this.connections.splice(0).map((c) => c.quit().catch(() => c.disconnect())));
  }

  /** Bull re-emits its connections' errors on the queue; unheard, an EventEmitter throws them. */
  private listen(): void {
    this.queue.on('error', (err) => {
      if (!this.closing) this.logger.warn({ msg: 'Bull queue error', err: String(err) });
    });
  }
}
