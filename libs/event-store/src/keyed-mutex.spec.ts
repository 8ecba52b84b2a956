import { KeyedMutex, KeyedMutexReentryError } from './keyed-mutex';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Holds `keys` until `release` is called; `running` says whether the work started. */
function hold(mutex: KeyedMutex, keys: string[], waitMs?: number) {
  let release!: () => void;
  const state = { running: false, release: () => release() };
  const gate = new Promise<void>((resolve) => (release = resolve));
  const done = mutex.run(
    keys,
    async () => {
      state.running = true;
      await gate;
    },
    waitMs === undefined ? undefined : { waitMs, error: () => new Error('waited too long') },
  );
  return Object.assign(state, { done });
}

describe('KeyedMutex', () => {
  it('lets one holder of a key at a time, the others in the order they asked', async () => {
    const mutex = new KeyedMutex();
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) =>
        mutex.run(['s'], async () => {
          inside += 1;
          most = Math.max(most, inside);
          order.push(name);
          await tick();
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(mutex.heldKeys).toBe(0);
  });

  it('does not hold back a holder of other keys', async () => {
    const mutex = new KeyedMutex();
    const first = hold(mutex, ['x']);
    const other = hold(mutex, ['y']);
    const second = hold(mutex, ['x']);
    await tick();
    expect([first.running, other.running, second.running]).toEqual([true, true, false]);
    first.release();
    await first.done;
    await tick();
    expect(second.running).toBe(true);
    other.release();
    second.release();
    await Promise.all([other.done, second.done]);
    expect(mutex.heldKeys).toBe(0);
  });

  it('never deadlocks two callers asking for the same keys in opposite orders', async () => {
    const mutex = new KeyedMutex();
    const done: string[] = [];
    const run = async (name: string, keys: string[]) => {
      for (let i = 0; i < 20; i++) await mutex.run(keys, tick);
      done.push(name);
    };
    await Promise.all([run('xy', ['x', 'y', 'x']), run('yx', ['y', 'x']), run('y', ['y'])]);
    expect(done.sort()).toEqual(['xy', 'y', 'yx']);
    expect(mutex.heldKeys).toBe(0);
  });

  it('refuses at once a key the calling chain already holds, and only while it holds it', async () => {
    const mutex = new KeyedMutex();
    let later: Promise<void> | undefined;
    const seen = await mutex.run(['k', 'l'], async () => {
      const again = await mutex.run(['m', 'k'], async () => 'ran').catch((err: Error) => err);
      const other = await mutex.run(['m'], async () => mutex.insideRun);
      // Work the run leaves behind holds nothing once the run is over.
      later = new Promise((resolve) => setTimeout(resolve, 5)).then(() =>
        mutex.run(['k'], async () => undefined),
      );
      return { again, other };
    });
    expect(seen.again).toBeInstanceOf(KeyedMutexReentryError);
    expect((seen.again as Error).message).toMatch(/already holds k/);
    expect(seen.other).toBe(true);
    expect(mutex.insideRun).toBe(false);
    await later;
    expect(mutex.heldKeys).toBe(0);
  });

  it('keeps refusing a held key while runs of other chains start and end (the chain is tracked until the last run ends)', async () => {
    const mutex = new KeyedMutex();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const outer = mutex.run(['a'], async () => {
      await gate;
      const deadline = { waitMs: 50, error: () => new Error('waited for itself') };
      return mutex.run(['a'], async () => 'ran', deadline).catch((err: Error) => err);
    });
    await mutex.run(['b'], async () => undefined);
    release();
    expect(await outer).toBeInstanceOf(KeyedMutexReentryError);
    expect(mutex.insideRun).toBe(false);
  });

  it('gives up waiting after the deadline, giving back the keys taken so far, and runs the next in line', async () => {
    const mutex = new KeyedMutex();
    const holder = hold(mutex, ['b']);
    await tick();
    const quitter = hold(mutex, ['a', 'b'], 20);
    const next = hold(mutex, ['b']);
    const onA = hold(mutex, ['a']);
    await expect(quitter.done).rejects.toThrow('waited too long');
    expect(quitter.running).toBe(false);
    await tick();
    expect(onA.running).toBe(true); // 'a' was given back
    expect(next.running).toBe(false);
    holder.release();
    await holder.done;
    await tick();
    expect(next.running).toBe(true); // the quitter left the line: 'b' went to the next
    next.release();
    onA.release();
    await Promise.all([next.done, onA.done]);
    expect(mutex.heldKeys).toBe(0);
  });

  it('waits past the deadline for a line that keeps moving', async () => {
    const mutex = new KeyedMutex();
    const deadline = { waitMs: 40, error: () => new Error('waited too long') };
    const slow = () => new Promise((resolve) => setTimeout(resolve, 25));
    const started = Date.now();
    await Promise.all([1, 2, 3, 4].map(() => mutex.run(['s'], slow, deadline)));
    expect(Date.now() - started).toBeGreaterThan(deadline.waitMs);
    expect(mutex.heldKeys).toBe(0);
  });
});
