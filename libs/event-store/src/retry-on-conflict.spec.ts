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
    const held = (key: string): Promise<boolean> =>
      Promise.race([
        mutex.lock([key]).then((release) => (release(), false)),
        new Promise<boolean>((resolve) => setImmediate(() => resolve(true))),
      ]);
    const during: Record<string, boolean>[] = [];
    let attempt = 0;
    await retryOnConflict(
      async () => {
        attempt += 1;
        if (attempt === 1) {
          during.push({ known: await held('known'), found: await held('found') });
          throw new ConcurrencyError(['found']);
        }
        during.push({ known: await held('known'), found: await held('found') });
      },
      { mutex, streamIds: ['known'] },
    );
    expect(during).toEqual([
      { known: true, found: false },
      { known: true, found: true },
    ]);
    // Wait for the probes that lined up behind the holder to take and give back their keys.
    await new Promise((resolve) => setImmediate(resolve));
    expect(mutex.heldKeys).toBe(0);
  });
});
