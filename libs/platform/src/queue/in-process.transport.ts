import type { Dispatch, JobTransport } from './job';

/**
 * Runs dispatches in this process, with the same contract as Bull (used without REDIS_URL):
 * at most `concurrency` at once, like Bull's worker; the others wait their turn in order.
 */
export class InProcessTransport implements JobTransport {
  private run?: (dispatch: Dispatch) => Promise<void>;
  private readonly known = new Map<string, NodeJS.Timeout | null>();
  private readonly running = new Set<Promise<void>>();
  private readonly ready: Dispatch[] = [];
  private closed = false;

  constructor(private readonly concurrency = 8) {}

  async start(run: (dispatch: Dispatch) => Promise<void>): Promise<void> {
    this.run = run;
    this.pump();
  }

  async add(dispatch: Dispatch): Promise<void> {
    if (this.closed || this.known.has(dispatch.transportId)) return;
    const timer = setTimeout(() => this.due(dispatch), dispatch.delayMs);
    this.known.set(dispatch.transportId, timer);
  }

  private due(dispatch: Dispatch): void {
    this.known.set(dispatch.transportId, null);
    this.ready.push(dispatch);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.run && this.running.size < this.concurrency) {
      const dispatch = this.ready.shift();
      if (!dispatch) return;
      const work = this.run(dispatch)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(work);
          this.known.delete(dispatch.transportId);
          this.pump();
        });
      this.running.add(work);
    }
  }

  async isHealthy(): Promise<boolean> {
    return !this.closed;
  }

  /** Stops timers and waits for the jobs under way; what was not started stays pending in the ledger. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.known.values()) if (timer) clearTimeout(timer);
    this.known.clear();
    this.ready.length = 0;
    await Promise.all([...this.running]);
  }
}
