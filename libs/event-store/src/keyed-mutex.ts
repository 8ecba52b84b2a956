/** Gives back every key one `KeyedMutex.lock` took; a second call does nothing. */
export type KeyedMutexRelease = () => void;

/**
 * Mutual exclusion by key inside one process, first come first served. Several keys are
 * taken one at a time in sorted order, so two callers whose sets overlap never wait on each
 * other in a cycle. A key is in the map only while someone holds it: the map stays as small
 * as the work in flight, however many keys pass through.
 */
export class KeyedMutex {
  /** Per held key, the callers waiting for it, in order. */
  private readonly waiting = new Map<string, (() => void)[]>();

  /** Keys held now (for tests and metrics). */
  get heldKeys(): number {
    return this.waiting.size;
  }

  async lock(keys: Iterable<string>): Promise<KeyedMutexRelease> {
    const sorted = [...new Set(keys)].sort();
    for (const key of sorted) {
      const line = this.waiting.get(key);
      if (line) await new Promise<void>((resolve) => line.push(resolve));
      else this.waiting.set(key, []);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const key of sorted) this.unlock(key);
    };
  }

  private unlock(key: string): void {
    const line = this.waiting.get(key)!;
    const next = line.shift();
    // The next in line holds the key from here; with nobody waiting it is forgotten.
    if (next) next();
    else this.waiting.delete(key);
  }
}
