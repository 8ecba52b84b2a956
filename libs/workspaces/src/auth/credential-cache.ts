import type { AfterCommit } from '@app/platform';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * How long a credential found valid is trusted without asking the database again. Within this
 * process a change of credentials (a token reset, a domain change) empties the cache at once;
 * another instance goes on accepting a revoked token for at most this long.
 */
export const CREDENTIAL_TTL_MS = 1_000;
/** Past this many entries the cache starts over: one instance serves that many keys a second. */
const MAX_ENTRIES = 10_000;

/**
 * Credentials found valid, for CREDENTIAL_TTL_MS: a small call is one statement, not two.
 * Only what was found is kept, never a refusal: a new token works at once. A read that began
 * before an invalidation is not kept (the generation moved on), so a lookup racing a reset
 * cannot store what the reset replaced.
 */
export class CredentialCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private generation = 0;

  async load(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const generation = this.generation;
    const value = await read();
    if (value !== undefined && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, until: Date.now() + CREDENTIAL_TTL_MS });
    }
    return value;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** The API-key guard's and the workspace guard's caches of one application (database). */
export interface CredentialCaches {
  apiKeys: CredentialCache<unknown>;
  workspaces: CredentialCache<unknown>;
}

// Per data source, not per guard instance: a guard may be made once per module that uses it,
// and several applications (tests) may share a process.
const caches = new WeakMap<DataSource, CredentialCaches>();

export function credentialCaches(dataSource: DataSource): CredentialCaches {
  let found = caches.get(dataSource);
  if (!found) {
    found = { apiKeys: new CredentialCache(), workspaces: new CredentialCache() };
    caches.set(dataSource, found);
  }
  return found;
}

/**
 * Forgets every cached credential of the application, now and again once the transaction of
 * `m` commits (a lookup between the two read the rows as they were before it).
 */
export function invalidateCredentials(m: EntityManager, afterCommit: AfterCommit): void {
  const forget = () => {
    const found = caches.get(m.connection);
    found?.apiKeys.invalidate();
    found?.workspaces.invalidate();
  };
  forget();
  afterCommit.run(m, async () => forget());
}
