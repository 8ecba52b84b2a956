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
  /** Aborted when the queue stops: a long run winds down (and may defer with RetryJobLater). */
  signal: AbortSignal;
}

export type JobFunction<T = unknown> = (job: JobRun<T>) => Promise<void>;

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

/** The Bull queue every job runs on (REDIS_URL set). */
export const QUEUE_NAME = 'jobs';

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
