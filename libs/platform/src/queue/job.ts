/** A unit of background work. `id` is deterministic, so enqueuing it twice runs it once. */
export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
}

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Attempts before the job is marked failed (default 5). */
  maxAttempts?: number;
}

/** A job as its handler gets it: which attempt this is, so the last one can give up cleanly. */
export interface JobRun<T = unknown> extends Job<T> {
  attempt: number;
  maxAttempts: number;
  /** Aborted when the queue stops: work that goes on after the run (a continuation) winds down. */
  signal: AbortSignal;
}

/**
 * What a handler answers when its work goes on after its run (requests in flight to a slow
 * receiver): the queue's worker is free at once, and the job stays pending in the ledger,
 * leased to this process (renewed while it lives), until `done` settles. It resolves: the job
 * is completed. It rejects: the job is retried like a failed run (`RetryJobLater` applies).
 * A process that dies lets the lease lapse, and the job runs again elsewhere.
 */
export class JobContinuation {
  constructor(readonly done: Promise<void>) {}
}

export type JobFunction<T = unknown> = (job: JobRun<T>) => Promise<void | JobContinuation>;

/** What the ledger hands a transport: one attempt of one job. */
export interface Dispatch {
  /** `<job id>#<attempt>`: deterministic per attempt, so a transport dedupes re-dispatches. */
  transportId: string;
  jobId: string;
  delayMs: number;
}

/** Moves dispatches to workers: in-process (embedded) or Bull on Redis. */
export interface JobTransport {
  start(run: (dispatch: Dispatch) => Promise<void>): Promise<void>;
  add(dispatch: Dispatch): Promise<void>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

export const JOB_TRANSPORT = Symbol('JOB_TRANSPORT');

/**
 * Thrown by a job handler to say when its next attempt runs (instead of the ledger's doubling
 * backoff). `countsAsAttempt: false` defers the job without using up an attempt (a busy or
 * rate-limited destination): the ledger keeps the job pending and its attempt budget whole.
 */
export class RetryJobLater extends Error {
  constructor(
    readonly delayMs: number,
    readonly countsAsAttempt = true,
    message = 'retry planned by the handler',
  ) {
    super(message);
    this.name = 'RetryJobLater';
  }
}
