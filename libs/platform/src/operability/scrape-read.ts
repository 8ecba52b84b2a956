import { Logger } from '@nestjs/common';
import type { Metrics } from './metrics';

const QUERY_TIMEOUT_MS = 2_000;
const WARN_EVERY_MS = 60_000;
/** A scrape within this long of the last read gets its numbers: scrapes cost one read at most. */
const CACHE_MS = 1_000;

const logger = new Logger('Metrics');
let lastWarning = 0;

/**
 * A scrape-time read of the database for a collector's gauges: one read a second at most
 * (concurrent collectors and frequent scrapes share it), a 2 s deadline, and on failure
 * undefined, so the gauges are left out of the scrape rather than failing it (counted in
 * collab_metrics_collect_errors_total, warned at most once a minute).
 */
export function scrapeRead<T>(
  metrics: Metrics,
  collector: string,
  read: () => Promise<T>,
): () => Promise<T | undefined> {
  let reading: Promise<T | undefined> | undefined;
  const attempt = async (): Promise<T | undefined> => {
    try {
      return await Promise.race([
        read(),
        new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`no answer within ${QUERY_TIMEOUT_MS} ms`)),
            QUERY_TIMEOUT_MS,
          ).unref(),
        ),
      ]);
    } catch (err) {
      metrics.collectErrors.inc({ collector });
      if (Date.now() - lastWarning >= WARN_EVERY_MS) {
        lastWarning = Date.now();
        logger.warn({ msg: 'metrics left out of the scrape', collector, err: String(err) });
      }
      return undefined;
    }
  };
  return () =>
    (reading ??= attempt().finally(() =>
      setTimeout(() => (reading = undefined), CACHE_MS).unref(),
    ));
}
