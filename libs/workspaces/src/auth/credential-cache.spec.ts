import { CREDENTIAL_TTL_MS, CredentialCache } from './credential-cache';

describe('CredentialCache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a found credential from memory until its time is up', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new CredentialCache<string>();
    const read = jest.fn(async () => 'row');
    await cache.load('k', read);
    await cache.load('k', read);
    expect(read).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_000_000 + CREDENTIAL_TTL_MS);
    await cache.load('k', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refusal: a credential made a moment later works at once', async () => {
    const cache = new CredentialCache<string>();
    expect(await cache.load('k', async () => undefined)).toBeUndefined();
    expect(await cache.load('k', async () => 'row')).toBe('row');
  });

  it('forgets on invalidation, and keeps nothing a read racing the invalidation found', async () => {
    const cache = new CredentialCache<string>();
    await cache.load('k', async () => 'old');
    cache.invalidate();
    // A read that began before an invalidation (it saw the rows before a reset's commit).
    let finish!: (row: string) => void;
    const racing = cache.load('k', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.invalidate();
    finish('old');
    expect(await racing).toBe('old');
    expect(await cache.load('k', async () => 'new')).toBe('new');
  });
});
