import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('loads once for calls at once and after', async () => {
    let loads = 0;
    const load = loadOnce(async () => ++loads);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let loads = 0;
    const load = loadOnce(async () => {
      loads += 1;
      if (loads === 1) throw new Error('EMFILE');
      return loads;
    });
    await expect(load()).rejects.toThrow('EMFILE');
    expect(await load()).toBe(2);
  });
});
