/**
 * Lets the event loop run I/O before going on. The embedded database answers queries without
 * touching a socket, so a long chain of them (a deletion job, a subscription catching up)
 * never reaches the I/O phase on its own and would hold back every HTTP answer until it ends.
 * Long-running loops call this between steps.
 */
export const yieldToEventLoop = (): Promise<void> =>
  new Promise((resolve) => setImmediate(resolve));
