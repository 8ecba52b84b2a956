/** The pause before the retry when the provider names none. */
const DEFAULT_DELAY_MS = 500;
/**
 * The longest pause a provider may ask for (Retry-After) and still get the retry. A longer
 * one is answered at once: the SDKs would sleep through it in a timer that outlives the
 * call, and then send the request again after the caller was answered.
 */
export const MAX_RETRY_DELAY_MS = 2_000;

const headerOf = (headers: unknown, name: string): string | undefined => {
  if (headers && typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const value = (headers as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** How long to wait before retrying a failed call, or undefined when it is not retried. */
export function retryDelayOf(error: unknown): number | undefined {
  const { status, headers } = (error ?? {}) as { status?: unknown; headers?: unknown };
  if (typeof status !== 'number' || (status !== 429 && status < 500)) return undefined;
  const ms = Number(headerOf(headers, 'retry-after-ms'));
  const seconds = headerOf(headers, 'retry-after');
  const asked = Number.isFinite(ms) && ms >= 0 ? ms : retryAfterMs(seconds);
  if (asked === undefined) return DEFAULT_DELAY_MS;
  return asked <= MAX_RETRY_DELAY_MS ? asked : undefined;
}

function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** A pause that ends early, rejecting, when `signal` aborts, and leaves no timer behind. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * One retry of a 429 or 5xx (D12), done here rather than by the SDKs: they sleep through any
 * Retry-After the provider sends, in a timer our deadline cannot cancel.
 */
export async function retryOnce<T>(signal: AbortSignal, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const delay = retryDelayOf(error);
    if (delay === undefined || signal.aborted) throw error;
    await pause(delay, signal).catch(() => {
      throw error; // the deadline came first: the first failure is what happened
    });
    return call();
  }
}
