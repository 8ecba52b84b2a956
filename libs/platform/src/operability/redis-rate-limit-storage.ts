import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { Metrics } from './metrics';
import {
  record,
  type RateLimitRecord,
  type RateLimitStorage,
  type RateLimitWindow,
} from './rate-limit-storage';

type WithThrottle = Redis & {
  collabThrottleEach(keys: number, ...args: (string | number)[]): Promise<number[][]>;
};

/**
 * One round trip, atomic (a Lua script runs alone on the Redis server): count the hit in each
 * fixed window in turn, and once past a window's limit hold a block key for its block time and
 * stop there. Separate INCR/PEXPIRE calls could leave a counter without expiry if the process
 * died between them, and would cost round trips; MULTI cannot branch on the count.
 *
 * KEYS: per window its hit counter and block marker; ARGV: per window ttl ms, limit, block ms.
 * Returns per window counted {hits, ms left in the window, ms left of the block (0: not blocked)}.
 */
const INCREMENT_EACH = `
local out = {}
for i = 1, #KEYS / 2 do
  local counter, marker = KEYS[2 * i - 1], KEYS[2 * i]
  local ttl, limit, block = ARGV[3 * i - 2], tonumber(ARGV[3 * i - 1]), tonumber(ARGV[3 * i])
  local blocked = redis.call('PTTL', marker)
  if blocked > 0 then
    local hits = tonumber(redis.call('GET', counter) or '0')
    out[i] = {hits, math.max(redis.call('PTTL', counter), 0), blocked}
    return out
  end
  local hits = redis.call('INCR', counter)
  local left = redis.call('PTTL', counter)
  if left < 0 then
    redis.call('PEXPIRE', counter, ttl)
    left = tonumber(ttl)
  end
  if hits > limit then
    redis.call('SET', marker, '1', 'PX', block)
    out[i] = {hits, left, block}
    return out
  end
  out[i] = {hits, left, 0}
end
return out
`;

const COMMAND_TIMEOUT_MS = 250;
/** After a failure, Redis is left alone this long: requests pass at once, not after a timeout. */
const PAUSE_AFTER_FAILURE_MS = 1_000;
const WARN_EVERY_MS = 10_000;

/**
 * Rate-limit counters in Redis, so that every instance counts against the same limit. When
 * Redis does not answer (down, or slower than COMMAND_TIMEOUT_MS) the request is let through
 * (fail open), and so is every request of the next PAUSE_AFTER_FAILURE_MS without asking
 * Redis, with a warning at most every WARN_EVERY_MS and a metric per request let through: the limit protects the
 * service, and an outage of the limiter's storage must not become an outage of the API.
 */
export class RedisRateLimitStorage implements RateLimitStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly redis: Redis;
  private lastWarning = 0;
  private pausedUntil = 0;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly metrics?: Metrics,
  ) {
    // No offline queue and one try: while Redis is away a command fails at once, never waits.
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    this.redis.on('error', (err) => this.warn('redis connection error', err));
    // The number of keys varies with the windows: given with each call.
    this.redis.defineCommand('collabThrottleEach', { lua: INCREMENT_EACH });
    this.redis.connect().catch(() => undefined); // reported by the error listener
  }

  async incrementEach(key: string, windows: readonly RateLimitWindow[]) {
    if (Date.now() < this.pausedUntil) return this.failOpen(windows);
    // One hash tag, so every key lives on one node of a Redis Cluster (a script needs that).
    const keys = windows.flatMap(({ name }) => {
      const base = `${this.prefix}:ratelimit:{${key}}:${name}`;
      return [base, `${base}:blocked`];
    });
    const args = windows.flatMap((w) => [w.ttlMs, w.limit, w.blockMs]);
    try {
      const counted = await (this.redis as WithThrottle).collabThrottleEach(
        keys.length,
        ...keys,
        ...args,
      );
      return counted.map(([hits, left, blocked]) => record(hits, left, blocked));
    } catch (err) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.warn('rate limit not checked: Redis unavailable (requests let through)', err);
      return this.failOpen(windows);
    }
  }

  /** Every window passes, counted once in the metric: one request let through. */
  private failOpen(windows: readonly RateLimitWindow[]): RateLimitRecord[] {
    this.metrics?.rateLimitStorageErrors.inc();
    return windows.map((w) => record(0, w.ttlMs, 0));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private warn(msg: string, err: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ msg, err: String(err) });
  }
}
