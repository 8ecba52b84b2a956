import type { EntityManager } from 'typeorm';

/**
 * Takes up to `wanted` of an endpoint's `rateLimit` slots (deliveries per second) in the
 * current second, counted in the database so that every instance shares one count: one row
 * per endpoint and second. Answers how many were granted (0 when the second is full, or the
 * limit was lowered below its count). Every expression of the update reads the row as it
 * was, so `granted` is what this call added.
 */
export async function takeRateSlots(
  manager: EntityManager,
  endpointId: string,
  limit: number,
  wanted: number,
  now = Date.now(),
): Promise<number> {
  const second = Math.floor(now / 1000);
  const [row]: { granted: number }[] = await manager.query(
    `INSERT INTO webhook_rate_windows (endpoint_id, window_start, count, granted)
     VALUES ($1, $2, LEAST($3::int, $4::int), LEAST($3::int, $4::int))
     ON CONFLICT (endpoint_id, window_start) DO UPDATE
       SET count = LEAST(webhook_rate_windows.count + $3::int, $4::int),
           granted = GREATEST(0,
             LEAST(webhook_rate_windows.count + $3::int, $4::int) - webhook_rate_windows.count)
     RETURNING granted`,
    [endpointId, second, wanted, limit],
  );
  return row?.granted ?? 0;
}

/** One destination's slots of the current second, taken from the shared count a few at a time. */
export class RateSlots {
  private slots = 0;
  private second = 0;

  /**
   * Takes a slot for an attempt: 0 when one is taken; else how long to wait before asking
   * again (the second is full), or -1 to ask again at once (slots were just granted).
   */
  async take(
    manager: EntityManager,
    endpointId: string,
    limit: number,
    room: number,
  ): Promise<number> {
    const now = Date.now();
    if (this.second !== Math.floor(now / 1000)) this.slots = 0;
    if (this.slots > 0) {
      this.slots--;
      return 0;
    }
    this.slots = await takeRateSlots(manager, endpointId, limit, Math.min(room, limit), now);
    this.second = Math.floor(now / 1000);
    return this.slots > 0 ? -1 : 1000 - (Date.now() % 1000) + 5;
  }
}
