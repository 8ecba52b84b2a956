import { ServiceError } from '@app/platform';
import { ConcurrencyError } from './concurrency.error';
import type { KeyedMutex } from './keyed-mutex';

/**
 * How patient a write is with other writers of its streams. Before attempt n + 1 it pauses
 * for a time drawn evenly from [0, min(maxPauseMs, firstPauseMs · 2^(n-1))] ("full jitter":
 * writers that collided do not come back together); after `attempts` it answers ABORTED, at
 * most about 2.6 s of pauses in all. Since a retried attempt holds the streams it lost on
 * (see `retryOnConflict`), more than two attempts are rare.
 */
export const CONFLICT_RETRY_POLICY = { attempts: 10, firstPauseMs: 20, maxPauseMs: 500 } as const;

/** Postgres gave the transaction up for another one (serialization failure, deadlock): rolled back whole. */
const LOST_TO_ANOTHER = new Set(['40001', '40P01']);

function lostTheRace(err: unknown): boolean {
  if (err instanceof ConcurrencyError) return true;
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' && LOST_TO_ANOTHER.has(code);
}

/** Writers of one process that take turns on the streams they write. */
export interface StreamTurns {
  mutex: KeyedMutex;
  /** The streams the write is known to touch before it runs. */
  streamIds: readonly string[];
}

const pause = (attempt: number) => {
  const { firstPauseMs, maxPauseMs } = CONFLICT_RETRY_POLICY;
  const ceiling = Math.min(maxPauseMs, firstPauseMs * 2 ** (attempt - 1));
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
};

/**
 * Runs a load-decide-append command in a transaction of its own again when another writer
 * got there first, from fresh state (ARCHITECTURE "Event store"); ABORTED only when the
 * policy above is spent.
 *
 * With `turns`, writers of the same streams in this process take turns: the write holds
 * its streams (those known, and those an attempt lost on) from its first attempt to its
 * last, pauses included, so only a writer of another process can make it lose. `work` is
 * given the streams earlier attempts lost on, to hold their rows before it reads
 * (`lockStreamRows`): no other process can then append to them before it does.
 */
export async function retryOnConflict<T>(
  work: (contended: readonly string[]) => Promise<T>,
  turns?: StreamTurns,
): Promise<T> {
  const contended = new Set<string>();
  let held = new Set(turns?.streamIds);
  let release = await turns?.mutex.lock(held);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work([...contended]);
      } catch (err) {
        if (!lostTheRace(err)) throw err;
        if (attempt >= CONFLICT_RETRY_POLICY.attempts) {
          throw new ServiceError(
            'ABORTED',
            'The resource was changed concurrently; retry the request',
          );
        }
        const lost = err instanceof ConcurrencyError ? err.streamIds : [];
        for (const id of lost) contended.add(id);
        if (turns && lost.some((id) => !held.has(id))) {
          // A stream found only now: let go and line up again for all, in sorted order.
          release?.();
          held = new Set([...held, ...lost]);
          await pause(attempt);
          release = await turns.mutex.lock(held);
        } else {
          await pause(attempt);
        }
      }
    }
  } finally {
    release?.();
  }
}
