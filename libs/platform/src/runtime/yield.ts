/**
 * Lets the event loop run I/O before going on. The embedded database answers queries without
 * touching a socket, so a long chain of them (a deletion job, a subscription catching up)
 * never reaches the I/O phase on its own and would hold back every HTTP answer until it ends.
 * Long-running loops call this between steps.
 */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));

/**
 * For long loops of CPU work (a batch of webhook payloads): `await pace()` between items
 * yields to the event loop once `everyMs` of work has gone by since the last yield, so that
 * requests and other background work are not held up for the whole loop.
 */
export function pacer(everyMs = 5): () => Promise<void> | void {
  let since = performance.now();
  return () => {
    if (performance.now() - since < everyMs) return;
    return yieldToEventLoop().then(() => {
      since = performance.now();
    });
  };
}

/** Waits `ms`; the timer alone does not keep the process alive (a shutdown's wait, a backoff). */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms).unref());
