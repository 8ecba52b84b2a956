import type { EntityManager } from 'typeorm';

/**
 * Attempts in flight per destination in this process. A destination at its limit is not
 * waited for: the attempt is put off (its job deferred), so the queue's workers stay free
 * for the other destinations and one slow receiver cannot starve them.
 */
export class DestinationSlots {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly perDestination: number) {}

  tryAcquire(destination: string): boolean {
    const n = this.inFlight.get(destination) ?? 0;
    if (n >= this.perDestination) return false;
    this.inFlight.set(destination, n + 1);
    return true;
  }

  release(destination: string): void {
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
