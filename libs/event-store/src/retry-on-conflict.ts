import { DATABASE_RETRY_AFTER_SECONDS, ServiceError } from '@app/platform';
import { ConcurrencyError } from './concurrency.error';
import type { KeyedMutex } from './keyed-mutex';

/**
 * How patient a write is with other writers of its streams. Before attempt n + 1 it pauses
 * for a time drawn evenly from [0, min(maxPauseMs, firstPauseMs · 2^(n-1))] ("full jitter":
 * writers that collided do not come back together); after `attempts` it answers ABORTED, at
 * most about 2.6 s of pauses in all. Since a retried attempt holds the streams it lost on
 * (see `retryOnConflict`), more than two attempts are rare.
 *
 * Waiting for its turn ends in UNAVAILABLE, nothing written, when the write ahead has held
 * the stream for `turnWaitMs` (as long as a request waits for a pooled connection): writes
 * stuck behind a hung one fail while their callers still wait for the answer, instead of
 * landing after the callers gave up and sent them again. A line that moves is waited for.
 */
export const CONFLICT_RETRY_POLICY = {
  attempts: 10,
  firstPauseMs: 20,
  maxPauseMs: 500,
  turnWaitMs: 3000,
} as const;

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

const TURN_DEADLINE = {
  waitMs: CONFLICT_RETRY_POLICY.turnWaitMs,
  error: () =>
    new ServiceError(
      'UNAVAILABLE',
      'Too many writes of this resource at once; nothing was written, retry shortly',
      undefined,
      undefined,
      { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    ),
};

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
 * With `turns`, the write waits for this process's other writers of the same streams that
 * take turns too, and holds its streams (those known, and those an attempt lost on) from
 * its first attempt to its last, pauses included: none of those makes it lose. Others can:
 * a writer of another process, and in this one any write that takes no turn on the stream
 * (a write in a caller's transaction: `update`/`save` with a `manager`, as subscribers,
 * erasers and migrations do) or does not name it before it runs (`updateMany` with targets
 * chosen by `before`, a stream appended through `toSave`); a stream it lost on is held
 * from then on.
 * `work` is given the streams earlier attempts lost on, to hold their rows before it reads
 * them (`lockStreamRows`): no other writer can then append to them before it does.
 */
export async function retryOnConflict<T>(
  work: (contended: readonly string[]) => Promise<T>,
  turns?: StreamTurns,
): Promise<T> {
  const contended = new Set<string>();
  let attempt = 0;
  // Attempts until one succeeds, or loses on a stream it does not hold a turn on.
  const attempts = async (
    held: ReadonlySet<string>,
  ): Promise<{ done: T } | { found: string[] }> => {
    for (;;) {
      attempt += 1;
      try {
        return { done: await work([...contended]) };
      } catch (err) {
        if (!lostTheRace(err)) throw err;
        if (attempt >= CONFLICT_RETRY_POLICY.attempts) {
          throw new ServiceError(
            'ABORTED',
            'The resource was changed concurrently; retry the request',
          );
        }
        // A deadlock or serialization failure names no stream: the next attempt holds the
        // same rows as this one. A unique violation names every stream of the append (which
        // one another writer created first is not known): all are held, which costs only a wait.
        const lost = err instanceof ConcurrencyError ? err.streamIds : [];
        for (const id of lost) contended.add(id);
        const found = turns ? lost.filter((id) => !held.has(id)) : [];
        if (found.length > 0) return { found };
        await pause(attempt);
      }
    }
  };
  if (!turns) return ((await attempts(new Set())) as { done: T }).done;
  let held = new Set(turns.streamIds);
  for (;;) {
    const outcome = await turns.mutex.run(held, () => attempts(held), TURN_DEADLINE);
    if ('done' in outcome) return outcome.done;
    // A stream found only now: let go and line up again for all, in sorted order.
    held = new Set([...held, ...outcome.found]);
    await pause(attempt);
  }
}
