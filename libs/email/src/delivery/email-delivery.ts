import { createHash } from 'node:crypto';
/**
 * An email's id: the same for the same (key, notification, recipient), so a notification
 * planned again (a replayed event, a retried transaction) finds its email planned.
 */
export const emailDeliveryIdOf = (apiKey: string, notificationId: string, userId: string) =>
  createHash('sha256')
    .update(JSON.stringify([apiKey, notificationId, userId]))
    .digest('hex');

/** Sends tried for one email before it is recorded as failed. */
export const EMAIL_MAX_ATTEMPTS = 8;

/** The wait after the first temporary failure; it doubles after each one (before the scale). */
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3_600_000;

/**
 * When to try again after `attempts` sends failed for a while: 30 s, 1 min, 2 min, … up to an
 * hour, times EMAIL_RETRY_SCALE (tests shrink it).
 */
export function emailRetryDelayMs(attempts: number, scale: number): number {
  const base = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
  return Math.round(base * scale);
}
