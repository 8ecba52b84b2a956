import { ServiceError } from '@app/platform';
import { ConcurrencyError } from './concurrency.error';

/**
 * Runs a load-decide-append command again when another writer got there first; after
 * `attempts` conflicts the caller gets ABORTED (ARCHITECTURE "Event store"). The jittered,
 * growing pause spreads out writers that keep colliding on one hot stream.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= attempts) {
        throw new ServiceError(
          'ABORTED',
          'The resource was changed concurrently; retry the request',
        );
      }
      const ceiling = Math.min(200, 5 * 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}
