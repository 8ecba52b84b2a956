import type { Dispatch, JobTransport } from './job';

/** Runs dispatches in this process, with the same contract as Bull (used without REDIS_URL). */
export class InProcessTransport implements JobTransport {
  private run?: (dispatch: Dispatch) => Promise<void>;
  private readonly known = new Map<string, NodeJS.Timeout | null>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  async start(run: (dispatch: Dispatch) => Promise<void>): Promise<void> {
    this.run = run;
  }

  async add(dispatch: Dispatch): Promise<void> {
    if (this.closed || this.known.has(dispatch.transportId)) return;
    const timer = setTimeout(() => this.execute(dispatch), dispatch.delayMs);
    this.known.set(dispatch.transportId, timer);
  }

  private execute(dispatch: Dispatch): void {
    this.known.set(dispatch.transportId, null);
    if (this.closed || !this.run) return;
    const work = this.run(dispatch)
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(work);
        this.known.delete(dispatch.transportId);
      });
    this.running.add(work);
  }

  async isHealthy(): Promise<boolean> {
    return !this.closed;
  }

  /** Stops timers and waits for the jobs under way; what was not started stays pending in the ledger. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.known.values()) if (timer) clearTimeout(timer);
    this.known.clear();
    await Promise.all([...this.running]);
  }
}
