import { jest } from '@jest/globals';
import type { AfterCommit } from '@app/platform';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  CREDENTIAL_TTL_MS,
  CredentialCache,
  credentialCaches,
  invalidateCredentials,
} from './credential-cache';

describe('CredentialCache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a found credential from memory until its time is up', async () => {
    jest.useFakeTimers();
    const cache = new CredentialCache<string>();
    const read = jest.fn(async () => 'row');
    await cache.load('k', read);
    jest.advanceTimersByTime(CREDENTIAL_TTL_MS - 1);
    await cache.load('k', read);
    expect(read).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await cache.load('k', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refusal: a credential made a moment later works at once', async () => {
    const cache = new CredentialCache<string>();
    expect(await cache.load('k', async () => undefined)).toBeUndefined();
    expect(await cache.load('k', async () => 'row')).toBe('row');
  });

  it('hands out a kept row frozen: one request cannot change what the next one reads', async () => {
    const cache = new CredentialCache<{ workspace: string }>();
    const row = await cache.load('k', async () => ({ workspace: 'w' }));
    expect(Object.isFrozen(row)).toBe(true);
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

describe('invalidateCredentials', () => {
  /** A transaction's manager and an AfterCommit that runs the work it was given on commit(). */
  function transaction() {
    const dataSource = {} as DataSource;
    const m = {
      dataSource,
      queryRunner: { isTransactionActive: true } as QueryRunner,
    } as EntityManager;
    const waiting: (() => Promise<void>)[] = [];
    const afterCommit = {
      run: (_m: EntityManager, work: () => Promise<void>) => void waiting.push(work),
    } as unknown as AfterCommit;
    const commit = () => Promise.all(waiting.splice(0).map((work) => work()));
    return { m, afterCommit, commit, caches: credentialCaches(dataSource), waiting };
  }

  it('forgets at once: between the commit and the work run after it, none is answered old', async () => {
    const { m, afterCommit, caches } = transaction();
    await caches.workspaces.load('w', async () => 'old');
    invalidateCredentials(m, afterCommit);
    expect(await caches.workspaces.load('w', async () => 'new')).toBe('new');
  });

  it('forgets at once, and again at commit what a lookup read in between', async () => {
    const { m, afterCommit, commit, caches } = transaction();
    await caches.apiKeys.load('k', async () => ({ token_digest: 'old' }) as never);
    invalidateCredentials(m, afterCommit);
    // A lookup after the reset's write, before its commit: it still reads the old token.
    await caches.workspaces.load('w', async () => 'old');
    await caches.apiKeys.load('k', async () => ({ token_digest: 'old' }) as never);
    await commit();
    expect(await caches.workspaces.load('w', async () => 'new')).toBe('new');
    expect(await caches.apiKeys.load('k', async () => ({ token_digest: 'new' }) as never)).toEqual({
      token_digest: 'new',
    });
  });

  it('asks for one forgetting at commit per transaction, however many batches it projects', () => {
    const { m, afterCommit, waiting } = transaction();
    invalidateCredentials(m, afterCommit);
    invalidateCredentials(m, afterCommit);
    expect(waiting).toHaveLength(1);
  });
});
