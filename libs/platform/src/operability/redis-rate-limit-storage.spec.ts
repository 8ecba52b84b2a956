import Redis from 'ioredis';
import { once } from 'node:events';
import { OwnRedis, redisServerBinary } from '../../../../test/support/own-redis';
import { MemoryRateLimitStorage, type RateLimitWindow } from './rate-limit-storage';
import { RedisRateLimitStorage } from './redis-rate-limit-storage';

// The second window is the tighter one, so that hits are refused in either window.
const WINDOWS: RateLimitWindow[] = [
  { name: 'short', ttlMs: 60_000, limit: 6, blockMs: 60_000 },
  { name: 'long', ttlMs: 120_000, limit: 4, blockMs: 120_000 },
];

/** What a hit was told, per window counted: its count, and whether it was refused there. */
const outcome = (records: { totalHits: number; isBlocked: boolean }[]) =>
  records.map(({ totalHits, isBlocked }) => `${totalHits}${isBlocked ? ' refused' : ''}`);

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
    storage = new RedisRateLimitStorage(redis.url, 'spec');
    // Until it is connected, the storage lets hits through uncounted (it never queues them).
    const connection: Redis = storage['redis'];
    if (connection.status !== 'ready') await once(connection, 'ready');
  });
  afterAll(async () => {
    await storage?.close();
    admin?.disconnect();
    await redis?.stop();
  });

  it('tells hits that arrive together what one hit at a time would be told', async () => {
    const memory = new MemoryRateLimitStorage();
    const told: string[][] = [];
    const expected: string[][] = [];
    // Bursts of hits at once: the first of each is sent alone, the rest wait and go together.
    for (const burst of [2, 3, 9]) {
      const hits = Array.from({ length: burst }, () => storage.incrementEach('key-a', WINDOWS));
      told.push(...(await Promise.all(hits)).map(outcome));
      for (let i = 0; i < burst; i++) {
        expected.push(outcome(await memory.incrementEach('key-a', WINDOWS)));
      }
    }
    expect(told).toEqual(expected);
    // The long window refuses the fifth hit, the short one (once it is full) the seventh on.
    expect(told.slice(0, 8)).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '3'],
      ['4', '4'],
      ['5', '5 refused'],
      ['6', '5 refused'],
      ['7 refused'],
      ['7 refused'],
    ]);
  });

  it('sends the hits that wait for a call in flight in one call', async () => {
    await storage.incrementEach('key-b', WINDOWS);
    const before = await scriptCalls(admin);
    const hits = Array.from({ length: 12 }, () => storage.incrementEach('key-b', WINDOWS));
    const told = (await Promise.all(hits)).map(outcome);
    expect((await scriptCalls(admin)) - before).toBe(2);
    expect(told.slice(0, 4)).toEqual([
      ['2', '2'],
      ['3', '3'],
      ['4', '4'],
      ['5', '5 refused'],
    ]);
    // Other keys are not held back by it: each has calls of its own.
    const [other] = await Promise.all([
      storage.incrementEach('key-c', WINDOWS),
      storage.incrementEach('key-b', WINDOWS),
    ]);
    expect(outcome(other)).toEqual(['1', '1']);
  });
});
