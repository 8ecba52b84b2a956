import { KeyedMutex } from './keyed-mutex';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('KeyedMutex', () => {
  it('lets one holder of a key at a time, the others in the order they asked', async () => {
    const mutex = new KeyedMutex();
    const order: string[] = [];
    let inside = 0;
    let most = 0;
    await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (name) => {
        const release = await mutex.lock(['s']);
        inside += 1;
        most = Math.max(most, inside);
        order.push(name);
        await tick();
        inside -= 1;
        release();
      }),
    );
    expect(most).toBe(1);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(mutex.heldKeys).toBe(0);
  });

  it('does not hold back a holder of other keys', async () => {
    const mutex = new KeyedMutex();
    const first = await mutex.lock(['x']);
    const other = await mutex.lock(['y']);
    let got = false;
    const second = mutex.lock(['x']).then((release) => {
      got = true;
      return release;
    });
    await tick();
    expect(got).toBe(false);
    other();
    first();
    (await second)();
    expect(got).toBe(true);
    expect(mutex.heldKeys).toBe(0);
  });

  it('never deadlocks two callers asking for the same keys in opposite orders', async () => {
    const mutex = new KeyedMutex();
    const done: string[] = [];
    const run = async (name: string, keys: string[]) => {
      for (let i = 0; i < 20; i++) {
        const release = await mutex.lock(keys);
        await tick();
        release();
      }
      done.push(name);
    };
    await Promise.all([run('xy', ['x', 'y', 'x']), run('yx', ['y', 'x']), run('y', ['y'])]);
    expect(done.sort()).toEqual(['xy', 'y', 'yx']);
    expect(mutex.heldKeys).toBe(0);
  });

  it('ignores a second release, which would otherwise let two in', async () => {
    const mutex = new KeyedMutex();
    const release = await mutex.lock(['k']);
    const next = mutex.lock(['k']);
    release();
    const nextRelease = await next;
    release();
    let third = false;
    const waiting = mutex.lock(['k']).then((r) => {
      third = true;
      r();
    });
    await tick();
    expect(third).toBe(false);
    nextRelease();
    await waiting;
    expect(mutex.heldKeys).toBe(0);
  });
});
