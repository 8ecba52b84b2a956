import { randomUUID } from 'node:crypto';

/**
 * A new event id: a version 7 UUID, its first 48 bits the time in milliseconds and the rest
 * random. Ids made one after another sort together, so the unique index on `event_id` takes
 * an append's ids in a few neighbouring pages instead of one random page each.
 */
export function newEventId(now = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  const random = randomUUID(); // its variant bits (position 19) are already version 7's
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15, 18)}-${random.slice(19)}`;
}
