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
