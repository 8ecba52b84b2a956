import type { AdvancedSettings } from 'bull';

/**
 * How soon Bull gives back a job whose worker died (kill -9, OOM, a lost host). A worker
 * holds a lock on each job it runs and renews it; any live worker checks every
 * `stalledInterval` for active jobs whose lock has lapsed and moves them back to waiting.
 * A job is taken back within about lockDuration + stalledInterval of its worker's death
 * (14 s), or two checks after the next start when that comes later. Bull's defaults
 * (30 s and 30 s) took about 90 s, during which the ledger's re-dispatch of the same
 * transport id is ignored. The ledger stays the record of what is left to do either way.
 */
export const BULL_STALL_SETTINGS: Partial<AdvancedSettings> = {
  // A dead worker's lock lapses within 10 s.
  lockDuration: 10_000,
  // Four renewals per lock: only an event loop blocked for 7.5 s loses a live job's lock
  // (the job would then run again elsewhere; handlers are idempotent, and a process never
  // runs one job twice at once: JobQueue).
  lockRenewTime: 2_500,
  // One cheap script per check, done by one worker for the whole queue (a Redis key guards it).
  stalledInterval: 4_000,
  // A job that stalls twice (it may be what kills its worker) fails in Bull and is removed;
  // the ledger keeps it pending and its sweep dispatches it again, at the sweep's slower pace.
  maxStalledCount: 1,
};
