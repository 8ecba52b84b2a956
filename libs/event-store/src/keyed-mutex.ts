import { AsyncLocalStorage } from 'node:async_hooks';

/** The keys one `KeyedMutex.run` holds, inside those of the run it was called from. */
interface Holding {
  keys: ReadonlySet<string>;
  /** False once the run is over: work it left behind (a timer) holds nothing. */
  active: boolean;
  outer?: Holding;
}

/** A caller waiting for a key: `grant` hands it over; `moved` says the line moved on. */
interface Waiter {
  grant(): void;
  moved(): void;
}

/**
 * How long `run` waits for a key while the line ahead of it does not move (its holder
 * stuck), and what it throws then.
 */
export interface KeyedMutexDeadline {
  waitMs: number;
  error: () => Error;
}

/**
 * Asked for a key the calling async chain already holds: it would wait for itself for ever
 * (a write of a stream started inside the write of that stream).
 */
export class KeyedMutexReentryError extends Error {
  constructor(key: string) {
    super(
      `This call chain already holds ${key}: a nested write of it would wait for itself; ` +
        "run it in the outer write's transaction (pass its manager) instead",
    );
    this.name = 'KeyedMutexReentryError';
  }
}

/**
 * Mutual exclusion by key inside one process, first come first served. Several keys are
 * taken one at a time in sorted order, so two callers whose sets overlap never wait on each
 * other in a cycle. A key is in the map only while someone holds it: the map stays as small
 * as the work in flight, however many keys pass through. The keys a run holds are known to
 * the async chain it runs (AsyncLocalStorage), so asking again for one of them inside it
 * fails at once instead of hanging.
 */
export class KeyedMutex {
  /** Per held key, the callers waiting for it, in order. */
  private readonly lines = new Map<string, Waiter[]>();
  private readonly chain = new AsyncLocalStorage<Holding>();
  /**
   * Runs going on. With none the chain is not tracked (`disable`): on Node 20 an
   * AsyncLocalStorage in use hooks every promise of the process, 5-8 % of the CPU of a small
   * read that takes no key. Outside a run there is nothing to find, and work a finished run
   * left behind finds nothing either way (its holding is inactive). On Node 24 (contexts kept
   * without hooks) `disable` only clears the caller's context, where no run is active either.
   */
  private running = 0;

  /** Keys held now (for tests and metrics). */
  get heldKeys(): number {
    return this.lines.size;
  }

  /** Whether the calling async chain runs inside a `run` of this mutex (whatever its keys). */
  get insideRun(): boolean {
    return this.innermostActive() !== undefined;
  }

  /**
   * The innermost run of the calling chain still going on. Work a run started and outlived
   * (a subscription pass woken by its commit) starts runs of its own: linked to this rather
   * than to the finished run, they keep no chain of finished runs alive.
   */
  private innermostActive(): Holding | undefined {
    let h = this.chain.getStore();
    while (h && !h.active) h = h.outer;
    return h;
  }

  /**
   * Runs `work` holding `keys`, after those ahead in line are done. With a `deadline`, gives
   * up when a key it waits for has not changed hands for `waitMs` (keys taken so far given
   * back, nothing run) and throws its error: a long line that moves is waited for, a holder
   * that hangs is not.
   */
  async run<T>(
    keys: Iterable<string>,
    work: () => Promise<T>,
    deadline?: KeyedMutexDeadline,
  ): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const outer = this.innermostActive();
    for (let h = outer; h; h = h.outer) {
      const again = h.active && sorted.find((key) => h.keys.has(key));
      if (again) throw new KeyedMutexReentryError(again);
    }
    await this.take(sorted, deadline);
    const holding: Holding = { keys: new Set(sorted), active: true, outer };
    this.running++;
    try {
      return await this.chain.run(holding, work);
    } finally {
      holding.active = false;
      if (--this.running === 0) this.chain.disable();
      for (const key of sorted) this.unlock(key);
    }
  }

  private async take(sorted: string[], deadline?: KeyedMutexDeadline): Promise<void> {
    const taken: string[] = [];
    try {
      for (const key of sorted) {
        const line = this.lines.get(key);
        if (line) await this.wait(line, deadline?.waitMs);
        else this.lines.set(key, []);
        taken.push(key);
      }
    } catch {
      for (const key of taken) this.unlock(key);
      throw deadline!.error();
    }
  }

  /**
   * Waits to be granted the key of `line`; when the key has not changed hands for `ms`,
   * leaves the line and rejects.
   */
  private wait(line: Waiter[], ms?: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const arm = () => {
        if (ms === undefined) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          // Out of the line before anyone can grant it the key: a grant never goes to waste.
          line.splice(line.indexOf(waiter), 1);
          reject(new Error('timeout'));
        }, ms);
      };
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        moved: arm,
      };
      line.push(waiter);
      arm();
    });
  }

  private unlock(key: string): void {
    const line = this.lines.get(key)!;
    const next = line.shift();
    // The next in line holds the key from here; with nobody waiting it is forgotten.
    if (next) {
      next.grant();
      for (const waiter of line) waiter.moved();
    } else this.lines.delete(key);
  }
}
