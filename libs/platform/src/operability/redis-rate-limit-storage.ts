import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { Metrics } from './metrics';
import { record, type RateLimitRecord, type RateLimitStorage } from './rate-limit-storage';

/**
 * One round trip, atomic (a Lua script runs alone on the Redis server): count the hit in a
 * fixed window of `ttlMs`, and once past `limit` hold a block key for `blockMs`.
 * Separate INCR/PEXPIRE calls could leave a counter without expiry if the process died
 * between them, and would cost two or three round trips; MULTI cannot branch on the count.
 *
 * KEYS[1] hit counter, KEYS[2] block marker; ARGV ttl ms, limit, block ms.
 * Returns {hits, ms left in the window, ms left of the block (0: not blocked)}.
 */
const INCREMENT = `
local blocked = redis.call('PTTL', KEYS[2])
if blocked > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return {hits, math.max(redis.call('PTTL', KEYS[1]), 0), blocked}
end
local hits = redis.call('INCR', KEYS[1])
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {hits, left, tonumber(ARGV[3])}
end
return {hits, left, 0}
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
    this.redis.defineCommand('collabThrottle', { numberOfKeys: 2, lua: INCREMENT });
    this.redis.connect().catch(() => undefined); // reported by the error listener
  }

  async increment(
    key: string,
    ttlMs: number,
    limit: number,
    blockMs: number,
    name: string,
  ): Promise<RateLimitRecord> {
    // One hash tag, so both keys live on one node of a Redis Cluster (a script needs that).
    if (Date.now() < this.pausedUntil) return this.failOpen(ttlMs);
    const base = `${this.prefix}:ratelimit:{${name}:${key}}`;
    try {
      const [hits, left, blocked] = (await (
        this.redis as Redis & {
          collabThrottle(...args: (string | number)[]): Promise<[number, number, number]>;
        }
      ).collabThrottle(base, `${base}:blocked`, ttlMs, limit, blockMs)) as number[];
      return record(hits, left, blocked);
    } catch (err) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.warn('rate limit not checked: Redis unavailable (requests let through)', err);
      return this.failOpen(ttlMs);
    }
  }

  private failOpen(ttlMs: number): RateLimitRecord {
    this.metrics?.rateLimitStorageErrors.inc();
    return record(0, ttlMs, 0);
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
