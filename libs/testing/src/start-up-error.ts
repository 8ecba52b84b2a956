/**
 * Prints why a test app did not start: the error's stack and each of its causes. Nest's
 * logger is silent in tests and jest shows only what the test throws, so without this a
 * failed start-up says little (it used to say only `process.exit called with "1"`).
 */
export function printStartUpError(err: unknown): void {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; e !== undefined && e !== null && !seen.has(e);) {
    seen.add(e);
    const text = e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e);
    parts.push(parts.length === 0 ? text : `Caused by: ${text}`);
    e = e instanceof Error ? e.cause : undefined;
  }
  console.error(`createTestApp: the app failed to start\n${parts.join('\n')}`);
}
