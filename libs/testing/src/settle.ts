import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EMAIL_MAX_ATTEMPTS } from '@app/email';
import { SubscriptionRunner } from '@app/event-store';
import { JobQueue } from '@app/platform';

const POLL_MS = 10;
/** How often pending jobs are dispatched again (a job recorded in a transaction, a lost dispatch). */
const SWEEP_EVERY_MS = 200;

interface PendingJob {
  job_id: string;
  name: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}

interface Checkpoint {
  subscription_id: string;
  failures: number;
  last_error: string | null;
}

/** Webhook deliveries due before the deadline ($1), as jobs for the report. */
const PENDING_DELIVERIES = `
  UNION ALL SELECT 'delivery ' || delivery_id, 'webhook delivery', attempts, max_attempts,
    last_error, next_attempt_at FROM webhook_deliveries
  WHERE status = 'pending' AND next_attempt_at <= to_timestamp($1::double precision / 1000)`;

/** Queued emails being sent, or due before the deadline ($1), as jobs for the report. */
const PENDING_EMAILS = `
  UNION ALL SELECT 'email ' || id, 'email delivery', attempts, ${EMAIL_MAX_ATTEMPTS}, last_error,
    COALESCE(claimed_until, created_at) FROM email_deliveries
  WHERE status = 'queued' AND (sending OR claimed_until IS NULL
    OR claimed_until <= to_timestamp($1::double precision / 1000))`;

/**
 * Waits until the app's background work is done: every subscriber has handled everything
 * committed, and no job in the ledger, webhook delivery or email is pending (running, or due
 * before the deadline). It drives the work: the subscribers' batches run here, and pending jobs are
 * dispatched again every SWEEP_EVERY_MS. Fails after `timeoutMs` naming the subscribers and
 * jobs still behind.
 *
 * A job planned for after the deadline (a retry's backoff) is not waited for: it could not
 * finish in time anyway.
 */
export async function settle(app: INestApplicationContext, timeoutMs = 10_000): Promise<void> {
  const runner = app.get(SubscriptionRunner);
  const queue = app.get(JobQueue);
  const dataSource = app.get(DataSource);
  const deadline = Date.now() + timeoutMs;
  // Due before the deadline; webhook deliveries and emails are their own queues: those due count too.
  const [{ deliveries, emails }]: { deliveries: boolean; emails: boolean }[] =
    await dataSource.query(
      `SELECT to_regclass('webhook_deliveries') IS NOT NULL AS deliveries,
         to_regclass('email_deliveries') IS NOT NULL AS emails`,
    );
  const pendingJobs = (): Promise<PendingJob[]> =>
    dataSource.query(
      `SELECT job_id, name, attempts, max_attempts, last_error, run_after FROM jobs
       WHERE status = 'pending'
         AND run_after <= to_timestamp($1::double precision / 1000)
       ${deliveries ? PENDING_DELIVERIES : ''}
       ${emails ? PENDING_EMAILS : ''}
       ORDER BY run_after`,
      [deadline],
    );
  // Every subscriber has a checkpoint once drained; rows of subscribers this app lacks are skipped.
  const behind = async (): Promise<string[]> => {
    const rows: { subscription_id: string }[] = await dataSource.query(
      `SELECT subscription_id FROM checkpoints ORDER BY subscription_id`,
    );
    const ids: string[] = [];
    for (const { subscription_id: id } of rows) {
      const caughtUp = await runner.isCaughtUp(id).catch((err: Error) => {
        if (err.message === `No subscriber ${id}`) return true;
        throw err;
      });
      if (!caughtUp) ids.push(id);
    }
    return ids;
  };

  let lastSweep = 0;
  let drainError: unknown;
  for (;;) {
    // A failing subscriber is retried after its backoff; its error is reported if time runs out.
    drainError = await runner.drain().then(
      () => undefined,
      (err: unknown) => err,
    );
    // Jobs before and after the subscribers: a job ending in between may have appended events.
    const jobs = await pendingJobs();
    if (jobs.length === 0 && (await behind()).length === 0 && (await pendingJobs()).length === 0)
      return;
    if (Date.now() >= deadline) {
      throw new Error(
        await describe(dataSource, timeoutMs, await behind(), await pendingJobs(), drainError),
      );
    }
    if (jobs.length > 0 && Date.now() - lastSweep >= SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await queue.sweep();
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function describe(
  dataSource: DataSource,
  timeoutMs: number,
  late: string[],
  jobs: PendingJob[],
  drainError: unknown,
): Promise<string> {
  const lines = [`settle: background work not done within ${timeoutMs} ms`];
  const checkpoints: Checkpoint[] = late.length
    ? await dataSource.query(
        `SELECT subscription_id, failures, last_error FROM checkpoints
         WHERE subscription_id = ANY($1::text[])`,
        [late],
      )
    : [];
  for (const id of late) {
    const checkpoint = checkpoints.find((c) => c.subscription_id === id);
    const failing = checkpoint?.failures
      ? `, failing (${checkpoint.failures} times): ${checkpoint.last_error}`
      : '';
    lines.push(`- subscriber ${id} is behind${failing}`);
  }
  for (const job of jobs) {
    const error = job.last_error ? `, last error: ${job.last_error}` : '';
    lines.push(
      `- job ${job.job_id} (${job.name}) is pending after ${job.attempts} of ${job.max_attempts} attempts${error}`,
    );
  }
  if (drainError) lines.push(`- last subscriber error: ${String(drainError)}`);
  return lines.join('\n');
}
