import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
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
 * One round trip, atomic (a Lua script runs alone on the Redis server): count `hits` hits of
 * one key, in order, against each fixed window in turn, exactly as one hit at a time would
 * be counted. In a window, the hits up to its limit pass; the first over it is counted and
 * blocks the key for the block time; the rest, and every hit while blocked, are refused
 * without being counted. Only the hits that passed a window go on to the next (all of them,
 * though later ones of the same call were refused there). Separate INCR/PEXPIRE calls could
 * leave a counter without expiry if the process died between them, and would cost round
 * trips; MULTI cannot branch on the count.
 *
 * KEYS: per window its hit counter and block marker; ARGV: the number of hits, then per window
 * ttl ms, limit, block ms. Returns per window reached {its count before these hits, ms left in
 * the window, ms left of the block (0: none of these blocked), how many of these passed, its
 * count after them}.
 */
const INCREMENT_EACH = `
local out = {}
local hits = tonumber(ARGV[1])
for i = 1, #KEYS / 2 do
  local counter, marker = KEYS[2 * i - 1], KEYS[2 * i]
  local ttl, limit, block = ARGV[3 * i - 1], tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1])
  local before = tonumber(redis.call('GET', counter) or '0')
  local blocked = redis.call('PTTL', marker)
  if blocked > 0 then
    out[i] = {before, math.max(redis.call('PTTL', counter), 0), blocked, 0, before}
    return out
  end
  local passed = math.min(hits, math.max(limit - before, 0))
  local counted = passed
  if passed < hits then counted = passed + 1 end
  local after = redis.call('INCRBY', counter, counted)
  local left = redis.call('PTTL', counter)
  if left < 0 then
    redis.call('PEXPIRE', counter, ttl)
    left = tonumber(ttl)
  end
  local blocking = 0
  if passed < hits then
    redis.call('SET', marker, '1', 'PX', block)
    blocking = block
  end
  out[i] = {before, left, blocking, passed, after}
  if passed == 0 then return out end
  hits = passed
end
return out
`;

/** One hit waiting for its key's call to Redis. */
interface Waiting {
  resolve(records: RateLimitRecord[]): void;
}

/** A key with a call in flight: the windows it counts, and the hits that came in meanwhile. */
interface KeyQueue {
  windows: readonly RateLimitWindow[];
  waiting: Waiting[];
}

/**
 * How long one call to Redis may take before its hits are let through (fail open). A hit that
 * came while another call of its key was in flight waits for that one first: up to about
 * twice this.
 */
const COMMAND_TIMEOUT_MS = 250;
/** After a failure, Redis is left alone this long: requests pass at once, not after a timeout. */
const PAUSE_AFTER_FAILURE_MS = 1_000;
const WARN_EVERY_MS = 10_000;

/**
 * Rate-limit counters in Redis, so that every instance counts against the same limit. When
 * Redis does not answer (down, or slower than COMMAND_TIMEOUT_MS) the request is let through
 * (fail open), and so is every request of the next PAUSE_AFTER_FAILURE_MS without asking
 * Redis, with a warning at most every WARN_EVERY_MS and a metric per request let through:
 * the limit protects the service, and an outage of the limiter's storage must not become an
 * outage of the API.
 */
export class RedisRateLimitStorage implements RateLimitStorage {
  private readonly logger = new Logger('RateLimit');
  private lastWarning = 0;
  private pausedUntil = 0;
  private readonly queues = new Map<string, KeyQueue>();

  /**
   * ioredis is loaded here, when a storage is opened (REDIS_URL set), not when this file is
   * imported: the embedded default never needs it, and it is about 70 ms of a start.
   */
  static async open(
    url: string,
    prefix: string,
    metrics?: Metrics,
    commandTimeoutMs = COMMAND_TIMEOUT_MS,
  ): Promise<RedisRateLimitStorage> {
    const { default: RedisClient } = await import('ioredis');
    // No offline queue and one try: while Redis is away a command fails at once, never waits.
    const redis = new RedisClient(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: commandTimeoutMs,
    });
    return new RedisRateLimitStorage(redis, prefix, metrics);
  }

  private constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly metrics?: Metrics,
  ) {
    this.redis.on('error', (err) => this.warn('redis connection error', err));
    // The number of keys varies with the windows: given with each call.
    this.redis.defineCommand('collabThrottleEach', { lua: INCREMENT_EACH });
    this.redis.connect().catch(() => undefined); // reported by the error listener
  }

  /**
   * A key's hits are counted one call at a time: hits that come while its call is in flight
   * wait, and go together in the next call, counted in the order they came. Under load from
   * one caller (a backend with its API key) that is one round trip for many requests instead
   * of one each; a hit alone is sent at once.
   */
  incrementEach(key: string, windows: readonly RateLimitWindow[]): Promise<RateLimitRecord[]> {
    if (Date.now() < this.pausedUntil) return Promise.resolve(this.failOpen(windows));
    return new Promise((resolve) => {
      const queued = this.queues.get(key);
      if (queued?.windows === windows) return void queued.waiting.push({ resolve });
      // The first hit of the key, or other windows for it (the server has one set): at once.
      if (!queued) this.queues.set(key, { windows, waiting: [] });
      void this.count(key, windows, [{ resolve }]);
    });
  }

  /** Counts `hits` in one call; then the hits that came in meanwhile, if any. */
  private async count(
    key: string,
    windows: readonly RateLimitWindow[],
    hits: Waiting[],
  ): Promise<void> {
    const queued = this.queues.get(key);
    const own = queued?.windows === windows ? queued : undefined;
    try {
      const counted = await this.send(key, windows, hits.length);
      hits.forEach((hit, i) => hit.resolve(counted(i)));
    } catch {
      // Nothing above should throw; if it ever does, no hit of the key may wait for ever.
      for (const hit of [...hits, ...(own?.waiting.splice(0) ?? [])]) {
        hit.resolve(uncounted(windows));
      }
    }
    if (!own) return;
    if (own.waiting.length === 0) {
      this.queues.delete(key);
      return;
    }
    void this.count(key, windows, own.waiting.splice(0));
  }

  /** One call for `hits` hits; per hit (by its place in line) its records. */
  private async send(
    key: string,
    windows: readonly RateLimitWindow[],
    hits: number,
  ): Promise<(i: number) => RateLimitRecord[]> {
    if (Date.now() < this.pausedUntil) return () => this.failOpen(windows);
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
        hits,
        ...args,
      );
      // Here, so that an answer of an unexpected shape fails open like an error.
      const perHit = Array.from({ length: hits }, (_, i) => recordsOfHit(counted, i));
      return (i) => perHit[i];
    } catch (err) {
      this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      this.warn('rate limit not checked: Redis unavailable (requests let through)', err);
      return () => this.failOpen(windows);
    }
  }

  /** Every window passes, counted once in the metric: one request let through. */
  private failOpen(windows: readonly RateLimitWindow[]): RateLimitRecord[] {
    this.metrics?.rateLimitStorageErrors.inc();
    return uncounted(windows);
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

/** Every window passes, nothing counted: a request let through. */
const uncounted = (windows: readonly RateLimitWindow[]) =>
  windows.map((w) => record(0, w.ttlMs, 0));

/**
 * The records of the `i`-th hit (from 0) of a call, as if counted alone after the hits before
 * it in line: it passes a window if it is among those that passed (the first `passed`); else
 * it is refused there, with the count the window was left at, and goes no further.
 */
function recordsOfHit(windows: number[][], i: number): RateLimitRecord[] {
  const records: RateLimitRecord[] = [];
  for (const [before, left, block, passed, after] of windows) {
    if (i >= passed) {
      records.push(record(after, left, block));
      break;
    }
    records.push(record(before + i + 1, left, 0));
  }
  return records;
}
