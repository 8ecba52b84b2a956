import type { EntityManager } from 'typeorm';

/**
 * Attempts in flight per destination in this process. A destination at its limit is waited
 * for a little (`acquire`: in turn, up to `maxWaitMs`, with at most `maxWaiters` waiting),
 * which keeps a busy healthy destination flowing without a trip through the ledger; past
 * that the attempt is put off (its job deferred), so the queue's workers stay free for the
 * other destinations and one slow receiver cannot starve them.
 */
export class DestinationSlots {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    private readonly perDestination: number,
    private readonly maxWaitMs = 0,
    private readonly maxWaiters = perDestination,
  ) {}

  tryAcquire(destination: string): boolean {
    const n = this.inFlight.get(destination) ?? 0;
    if (n >= this.perDestination) return false;
    this.inFlight.set(destination, n + 1);
    return true;
  }

  /** A slot now, or once one is handed over within `maxWaitMs`; false otherwise. */
  async acquire(destination: string): Promise<boolean> {
    if (this.tryAcquire(destination)) return true;
    const queue = this.waiting.get(destination) ?? [];
    if (this.maxWaitMs <= 0 || queue.length >= this.maxWaiters) return false;
    this.waiting.set(destination, queue);
    return new Promise<boolean>((resolve) => {
      const handOver = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const i = queue.indexOf(handOver);
        if (i >= 0) queue.splice(i, 1);
        if (queue.length === 0 && this.waiting.get(destination) === queue)
          this.waiting.delete(destination);
        resolve(false);
      }, this.maxWaitMs);
      queue.push(handOver);
    });
  }

  release(destination: string): void {
    const queue = this.waiting.get(destination);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(destination);
    if (next) return next(); // the slot passes to the first in line: the count stays
    const n = (this.inFlight.get(destination) ?? 1) - 1;
    if (n <= 0) this.inFlight.delete(destination);
    else this.inFlight.set(destination, n);
  }
}

/**
 * An endpoint's `rateLimit` (deliveries per second), counted in the database so that every
 * instance shares one count: one row per endpoint and second. True when this attempt may go
 * now; false when the second is full (the caller puts it off to the next).
 */
export async function takeRateSlot(
  manager: EntityManager,
  endpointId: string,
  limit: number,
  now = Date.now(),
): Promise<boolean> {
  const second = Math.floor(now / 1000);
  const rows: { count: number }[] = await manager.query(
    `INSERT INTO webhook_rate_windows (endpoint_id, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (endpoint_id, window_start)
       DO UPDATE SET count = webhook_rate_windows.count + 1
       WHERE webhook_rate_windows.count < $3
     RETURNING count`,
    [endpointId, second, limit],
  );
  return rows.length > 0;
}
