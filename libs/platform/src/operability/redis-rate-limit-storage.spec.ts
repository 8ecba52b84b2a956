import Redis from 'ioredis';
import { once } from 'node:events';
import { OwnRedis, redisServerBinary } from '../../../../test/support/own-redis';
import {
  MemoryRateLimitStorage,
  type RateLimitRecord,
  type RateLimitWindow,
} from './rate-limit-storage';
import { RedisRateLimitStorage } from './redis-rate-limit-storage';

// The second window is the tighter one, so that hits are refused in either window.
const WINDOWS: RateLimitWindow[] = [
  { name: 'short', ttlMs: 60_000, limit: 6, blockMs: 60_000 },
  { name: 'long', ttlMs: 120_000, limit: 4, blockMs: 120_000 },
];

/**
 * What the first eight hits of a key are told: the long window refuses the fifth and sixth,
 * which the short one let through; the short one (full) refuses the seventh on.
 */
const FIRST_EIGHT = [
  ['1', '1'],
  ['2', '2'],
  ['3', '3'],
  ['4', '4'],
  ['5', '5 refused'],
  ['6', '5 refused'],
  ['7 refused'],
  ['7 refused'],
];

/** What a hit was told, per window counted: its count, and whether it was refused there. */
const outcome = (records: RateLimitRecord[]) =>
  records.map(({ totalHits, isBlocked }) => `${totalHits}${isBlocked ? ' refused' : ''}`);

/** Seconds to the end of each window and block, within the second a test takes. */
function expectSameTimes(told: RateLimitRecord[][], expected: RateLimitRecord[][]): void {
  told.forEach((records, i) =>
    records.forEach((r, w) => {
      expect(Math.abs(r.timeToExpire - expected[i][w].timeToExpire)).toBeLessThanOrEqual(1);
      expect(Math.abs(r.timeToBlockExpire - expected[i][w].timeToBlockExpire)).toBeLessThanOrEqual(
        1,
      );
    }),
  );
}

/** The same hits, one at a time, in the in-process storage. */
async function oneAtATime(key: string, hits: number, memory: MemoryRateLimitStorage) {
  const told: RateLimitRecord[][] = [];
  for (let i = 0; i < hits; i++) told.push(await memory.incrementEach(key, WINDOWS));
  return told;
}

/** Script calls Redis has run (EVALSHA and EVAL), from its command statistics. */
async function scriptCalls(redis: Redis): Promise<number> {
  const stats = await redis.info('commandstats');
  return [...stats.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+)/gm)].reduce(
    (sum, [, calls]) => sum + Number(calls),
    0,
  );
}

const redisBin = redisServerBinary();
(redisBin ? describe : describe.skip)('rate-limit counts in Redis (needs redis-server)', () => {
  let redis: OwnRedis;
  let admin: Redis;
  let storage: RedisRateLimitStorage;
  beforeAll(async () => {
    redis = await OwnRedis.start(redisBin!);
    admin = new Redis(redis.url);
    // A command timeout no busy machine reaches: a count that fails open would pass by here.
    storage = await RedisRateLimitStorage.open(redis.url, 'spec', undefined, 10_000);
    // Until it is connected, the storage lets hits through uncounted (it never queues them).
    const connection: Redis = storage['redis'];
    if (connection.status !== 'ready') await once(connection, 'ready');
    // Redis has the script from here on: each later count is one call (EVALSHA), where the
    // first tried EVALSHA, was told NOSCRIPT and sent EVAL.
    await storage.incrementEach('warm-up', WINDOWS);
  });
  /** Nothing let through uncounted (fail open): every figure was counted in Redis. */
  const expectNoneLetThrough = () => expect(storage['pausedUntil']).toBe(0);
  afterAll(async () => {
    await storage?.close();
    admin?.disconnect();
    await redis?.stop();
  });

  it('tells hits that arrive together what one hit at a time would be told', async () => {
    const memory = new MemoryRateLimitStorage();
    const told: RateLimitRecord[][] = [];
    const expected: RateLimitRecord[][] = [];
    // Bursts of hits at once: the first of each is sent alone, the rest wait and go together.
    for (const burst of [2, 3, 9]) {
      const hits = Array.from({ length: burst }, () => storage.incrementEach('key-a', WINDOWS));
      told.push(...(await Promise.all(hits)));
      expected.push(...(await oneAtATime('key-a', burst, memory)));
    }
    expect(told.map(outcome)).toEqual(expected.map(outcome));
    expectSameTimes(told, expected);
    expectNoneLetThrough();
    expect(told.slice(0, 8).map(outcome)).toEqual(FIRST_EIGHT);
  });

  it('sends the hits that wait for a call in flight in one call, per key', async () => {
    const memory = new MemoryRateLimitStorage();
    const before = await scriptCalls(admin);
    // 12 hits of one key and one of another, at once: the first of each key goes alone, the
    // other 11 together once the first is answered.
    const hits = Array.from({ length: 12 }, () => storage.incrementEach('key-b', WINDOWS));
    const other = storage.incrementEach('key-c', WINDOWS);
    const told = await Promise.all(hits);
    expect((await scriptCalls(admin)) - before).toBe(3);
    const expected = await oneAtATime('key-b', 12, memory);
    expect(told.map(outcome)).toEqual(expected.map(outcome));
    expectSameTimes(told, expected);
    // Hits 2 to 12 went in one call: the refusals of both windows were decided inside it.
    expect(told.slice(0, 8).map(outcome)).toEqual(FIRST_EIGHT);
    expect(outcome(await other)).toEqual(['1', '1']);
    expectNoneLetThrough();
  });
});
