/** SQLSTATE classes of a database that is away or busy, not of a bad event. */
const TRANSIENT_SQLSTATE = [
  /^08/, // connection exception
  /^57/, // operator intervention: shutdown, crash recovery, statement timeout
  /^53/, // insufficient resources: too many connections, disk full
  /^40001$|^40P01$/, // serialization failure, deadlock
];

const TRANSIENT_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What `pg` says when a client loses its server without an SQLSTATE. */
const TRANSIENT_MESSAGE =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|not queryable|query read timeout/i;

/**
 * True for an error that says the database could not be reached or had to give up, rather
 * than that the handler failed on the event: such a failure must not count towards parking,
 * or a Postgres outage would park good events.
 */
export function isTransientError(err: unknown): boolean {
  for (let e = err as any, depth = 0; e && depth < 5; e = e.cause ?? e.driverError, depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (TRANSIENT_NODE_CODES.has(code) || TRANSIENT_SQLSTATE.some((p) => p.test(code))))
      return true;
    if (typeof e.message === 'string' && TRANSIENT_MESSAGE.test(e.message)) return true;
  }
  return false;
}
