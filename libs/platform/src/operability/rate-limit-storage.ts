/** One count of a fixed window (the shape of @nestjs/throttler's storage record). */
export interface RateLimitRecord {
  totalHits: number;
  /** Seconds until the window ends. */
  timeToExpire: number;
  isBlocked: boolean;
  /** Seconds until the block ends (0: not blocked). */
  timeToBlockExpire: number;
}

/** One policy's window as a storage counts it. */
export interface RateLimitWindow {
  name: string;
  ttlMs: number;
  limit: number;
  blockMs: number;
}

/**
 * Where the counts live: in this process, or in Redis so that every instance shares them.
 * One request is counted against all its windows at once (one round trip to Redis, not one
 * per window).
 */
export interface RateLimitStorage {
  /**
   * Counts the hit against each window in order and stops at the first that is blocked: one
   * record per window counted, the last the blocked one if any.
   */
  incrementEach(key: string, windows: readonly RateLimitWindow[]): Promise<RateLimitRecord[]>;
  close?(): Promise<void>;
}

export const RATE_LIMIT_STORAGE = Symbol('RATE_LIMIT_STORAGE');

const SWEEP_EVERY_MS = 60_000;

/**
 * Counts in this process (no REDIS_URL: one instance). The same fixed windows as the Redis
 * script: a window starts at its first hit and lasts `ttlMs`; past `limit` the key is blocked
 * for `blockMs`, and hits while blocked are not counted.
 */
export class MemoryRateLimitStorage implements RateLimitStorage {
  private readonly windows = new Map<
    string,
    { hits: number; endsAt: number; blockedUntil: number }
  >();
  private lastSweep = Date.now();

  private count(key: string, { ttlMs, limit, blockMs, name }: RateLimitWindow): RateLimitRecord {
    const now = Date.now();
    this.sweep(now);
    const id = `${name}:${key}`;
    let w = this.windows.get(id);
    if (w && w.blockedUntil > now) {
      return record(w.hits, w.endsAt - now, w.blockedUntil - now);
    }
    if (!w || w.endsAt <= now) {
      w = { hits: 0, endsAt: now + ttlMs, blockedUntil: 0 };
      this.windows.set(id, w);
    }
    w.hits++;
    if (w.hits > limit) {
      w.blockedUntil = now + blockMs;
      return record(w.hits, w.endsAt - now, blockMs);
    }
    return record(w.hits, w.endsAt - now, 0);
  }

  async incrementEach(key: string, windows: readonly RateLimitWindow[]) {
    const records: RateLimitRecord[] = [];
    for (const w of windows) {
      const r = this.count(key, w);
      records.push(r);
      if (r.isBlocked) break;
    }
    return records;
  }

  /** Windows and blocks that are over are dropped, so the map does not grow without end. */
  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [id, w] of this.windows) {
      if (w.endsAt <= now && w.blockedUntil <= now) this.windows.delete(id);
    }
  }
}

export const record = (hits: number, windowMs: number, blockMs: number): RateLimitRecord => ({
  totalHits: hits,
  timeToExpire: Math.max(0, Math.ceil(windowMs / 1000)),
  isBlocked: blockMs > 0,
  timeToBlockExpire: Math.max(0, Math.ceil(blockMs / 1000)),
});
