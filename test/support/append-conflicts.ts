import { jest } from '@jest/globals';
import { ConcurrencyError, EventStore } from '@app/event-store';

/**
 * Counts the appends of `store` that lost to another writer (ConcurrencyError), passing
 * every call and error through unchanged: `count()` answers how many so far.
 */
export function countAppendConflicts(store: EventStore): { count(): number } {
  const append = store.append.bind(store);
  let conflicts = 0;
  jest.spyOn(store, 'append').mockImplementation(async (...args) => {
    try {
      return await append(...args);
    } catch (err) {
      if (err instanceof ConcurrencyError) conflicts += 1;
      throw err;
    }
  });
  return { count: () => conflicts };
}
