import { jest } from '@jest/globals';
import { ConcurrencyError } from './concurrency.error';
import { KeyedMutex } from './keyed-mutex';
import { CONFLICT_RETRY_POLICY, retryOnConflict } from './retry-on-conflict';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryOnConflict', () => {
  // No pauses: the draws of the full jitter all come out 0.
  beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => jest.restoreAllMocks());

  it('runs again on a conflict or a deadlock, telling the next attempt the streams it lost on', async () => {
    const seen: (readonly string[])[] = [];
    const answer = await retryOnConflict(async (contended) => {
      seen.push(contended);
      if (seen.length === 1) throw new ConcurrencyError(['s1']);
      if (seen.length === 2) throw deadlock();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual([[], ['s1'], ['s1']]);
  });

  it(`answers ABORTED after ${CONFLICT_RETRY_POLICY.attempts} attempts, and passes other errors on at once`, async () => {
    let attempts = 0;
    const always = retryOnConflict(async () => {
      attempts += 1;
      throw new ConcurrencyError(['s']);
    });
    await expect(always).rejects.toMatchObject({ status: 'ABORTED' });
    expect(attempts).toBe(CONFLICT_RETRY_POLICY.attempts);
    attempts = 0;
    const broken = retryOnConflict(async () => {
      attempts += 1;
      throw new Error('broken');
    });
    await expect(broken).rejects.toThrow('broken');
    expect(attempts).toBe(1);
  });

  it('holds its streams from first attempt to last, and the streams it lost on too', async () => {
    const mutex = new KeyedMutex();
    const held: number[] = [];
    await retryOnConflict(
      async () => {
        held.push(mutex.heldKeys);
        if (held.length === 1) throw new ConcurrencyError(['found']);
      },
      { mutex, streamIds: ['known'] },
    );
    expect(held).toEqual([1, 2]);
    expect(mutex.heldKeys).toBe(0);
  });

  it(`answers UNAVAILABLE, having written nothing, when the write ahead holds its stream for ${CONFLICT_RETRY_POLICY.turnWaitMs} ms`, async () => {
    jest.useFakeTimers();
    try {
      const mutex = new KeyedMutex();
      let hung!: () => void;
      const holder = mutex.run(['s'], () => new Promise<void>((resolve) => (hung = resolve)));
      let ran = false;
      const waiting = retryOnConflict(
        async () => {
          ran = true;
        },
        { mutex, streamIds: ['s'] },
      );
      const outcome = waiting.catch((err: unknown) => err);
      await jest.advanceTimersByTimeAsync(CONFLICT_RETRY_POLICY.turnWaitMs);
      expect(await outcome).toMatchObject({
        status: 'UNAVAILABLE',
        headers: { 'retry-after': '2' },
      });
      hung();
      await holder;
      expect(ran).toBe(false);
      expect(mutex.heldKeys).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });
});
