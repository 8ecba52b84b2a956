/** Socket and DNS errors: the database host could not be reached or the link broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // A database container being restarted has no DNS name for a moment.
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * SQLSTATEs meaning "the server is going away or cannot take a connection now":
 * admin shutdown, crash shutdown, cannot connect now, too many connections. Class 08 is
 * matched as a whole below.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What pg and pg-pool say when the connection dies or cannot be had in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/,
  /is not queryable$/, // a client whose socket already failed
];

const MAX_DEPTH = 5;

function matches(error: { code?: unknown; message?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
    return true;
  }
  const message = typeof error.message === 'string' ? error.message : '';
  return DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error` means the database is unreachable or refusing connections for now, as
 * opposed to a bad query: a retry later can succeed. Looks through TypeORM's wrapping
 * (`driverError`), `cause` chains and AggregateErrors (a host with several addresses).
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || typeof error !== 'object' || error === null) return false;
  const candidate = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (matches(candidate)) return true;
  const inner = [candidate.driverError, candidate.cause];
  if (Array.isArray(candidate.errors)) inner.push(...candidate.errors);
  return inner.some((e) => e !== error && isConnectionFailure(e, depth + 1));
}
