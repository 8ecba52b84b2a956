import { isConnectionFailure } from '@app/platform';

/**
 * SQLSTATEs of a live database turning the statement down for now, whatever the event:
 * serialization failure, deadlock, lock not available. A retry of the same event succeeds.
 * (A statement timeout or out-of-memory may be the event's own doing: those count.)
 */
const GAVE_UP = /^(40001|40P01|55P03)$/;

/**
 * True for an error that says the database could not be reached or had to give up, rather
 * than that the handler failed on the event: such a failure must not count towards parking,
 * or a Postgres outage would park good events.
 */
export function isTransientError(err: unknown): boolean {
  if (isConnectionFailure(err)) return true;
  for (let e = err as any, depth = 0; e && depth < 5; e = e.cause ?? e.driverError, depth++) {
    if (typeof e.code === 'string' && GAVE_UP.test(e.code)) return true;
  }
  return false;
}
