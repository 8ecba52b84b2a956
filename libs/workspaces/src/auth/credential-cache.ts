import type { AfterCommit } from '@app/platform';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { ApiKeyOptions } from '../domain/api-key.events';

/**
 * How long a credential found valid is trusted without asking the database again. Within this
 * process a change of credentials (a token reset, a change of a key's options) empties the cache at once;
 * another instance goes on accepting a revoked token for at most this long.
 */
export const CREDENTIAL_TTL_MS = 1_000;
/** Past this many entries the cache starts over: one instance serves that many keys a second. */
const MAX_ENTRIES = 10_000;

/**
 * Credentials found valid, for `ttlMs`: a small call is one statement, not two.
 * Only what was found is kept, never a refusal: a new token works at once. A read that began
 * before an invalidation is not kept (the generation moved on), so a lookup racing a reset
 * cannot store what the reset replaced. A kept value is frozen: every request shares it.
 */
export class CredentialCache<V> {
  private readonly entries = new Map<string, { value: Readonly<V>; until: number }>();
  private generation = 0;

  /** Settable: a test keeps credentials long enough that only an invalidation removes them. */
  constructor(public ttlMs = CREDENTIAL_TTL_MS) {}

  async load(key: string, read: () => Promise<V | undefined>): Promise<Readonly<V> | undefined> {
    // The monotonic clock, taken before the read: an entry lives ttlMs from what it saw.
    const started = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > started) return hit.value;
    const generation = this.generation;
    const value = await read();
    if (value === undefined) return undefined;
    const kept = Object.freeze(value);
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value: kept, until: started + this.ttlMs });
    }
    return kept;
  }

  invalidate(): void {
    this.generation++;
    this.entries.clear();
  }
}

/** What the API-key guard keeps of a valid token: its digest, domains and key. */
export interface ApiKeyCredential {
  readonly token_digest: string;
  readonly domains: readonly string[];
  readonly workspace_id: string;
  readonly options: Readonly<ApiKeyOptions>;
}

/** The API-key guard's and the workspace guard's caches of one application (database). */
export interface CredentialCaches {
  readonly apiKeys: CredentialCache<ApiKeyCredential>;
  /** The workspace ids of valid workspace credentials. */
  readonly workspaces: CredentialCache<string>;
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

// Transactions whose commit already forgets the credentials (a query runner serves one).
const scheduled = new WeakSet<QueryRunner>();

/**
 * Forgets every cached credential of the application, now and again once the transaction of
 * `m` commits (a lookup between the two read the rows as they were before it).
 */
export function invalidateCredentials(m: EntityManager, afterCommit: AfterCommit): void {
  const forget = () => {
    const found = caches.get(m.dataSource);
    found?.apiKeys.invalidate();
    found?.workspaces.invalidate();
  };
  forget();
  const runner = m.queryRunner;
  if (!runner?.isTransactionActive) return afterCommit.run(m, async () => forget());
  if (scheduled.has(runner)) return;
  scheduled.add(runner);
  afterCommit.run(m, async () => {
    scheduled.delete(runner);
    forget();
  });
}
