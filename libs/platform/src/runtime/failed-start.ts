/**
 * What an app opened while its modules were made, to close if it fails to start: Nest runs
 * no shutdown hook then, and an open database or Redis client keeps the process alive.
 * Keyed by the app's configuration object (one per app).
 */
const closers = new WeakMap<object, (() => Promise<void>)[]>();

/** Registers how to close something the app of `config` opened. */
export function closeIfStartFails(config: object, close: () => Promise<void>): void {
  closers.set(config, [...(closers.get(config) ?? []), close]);
}

/** Closes everything the app of `config` opened; for an app that failed to start. */
export async function closeWhatStartOpened(config: object): Promise<void> {
  const close = closers.get(config) ?? [];
  closers.delete(config);
  await Promise.all(close.map((c) => c().catch(() => undefined)));
}
