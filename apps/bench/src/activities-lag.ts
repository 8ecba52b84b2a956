import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { SubscriptionRunner } from '@app/event-store';
import type { BenchServer } from './bench-server';
import { ascending, callFromWorker, quantile } from './notifications-caller';

/**
 * Comments a call, each call on a thread of its own: short threads (11 comments), since a
 * derived record carries its whole annotation and long ones would weigh on it.
 */
const COMMENTS_PER_CALL = 10;
/** Threads made a call (the batch limit is 1000 items). */
const THREADS_PER_CALL = 500;
/** How long after the last write missing records are waited for. */
const WAIT_MS = 30_000;
/** A pause between two reads of the poller, so that it does not take a core of its own. */
const POLL_PAUSE_MS = 20;
/** How long the first derived record is waited for before calling the feature absent. */
const PROBE_MS = 10_000;
/** The unmeasured run before the measured one, as a share of its calls. */
const WARM_UP_SHARE = 0.5;
/** The action of a comment added to a thread. */
const COMMENT_ADDED = 'comment.add';

export type ActivitiesLagRun =
  | { absent: string }
  | {
      comments: number;
      /** Records expected (one a comment), seen by the poller, read by activities/get at the end. */
      expected: number;
      seen: number;
      readable: number;
      writesPerSecond: number;
      /** Write sent → record first seen in the rows activities/get reads, in ms. */
      p50: number;
      p99: number;
      max: number;
      /** Mean time between two reads of the poller: the resolution of the figures. */
      pollMs: number;
      /** The comment calls' own answers (ms): how much of the lag is the write itself. */
      answeredP50: number;
      answeredP99: number;
      /** Records seen a second, from the first call sent to the last record seen. */
      derivedPerSecond: number;
    };

type View = { targetEntityId?: string; actionType?: string };

const isRunRecord = (r: View) =>
  r.actionType === COMMENT_ADDED && /^t\d+$/.test(r.targetEntityId ?? '');

/**
 * Lag of derived activity records: with the key's activity switch on, `rate` comment events a
 * second for `seconds` (calls of 10 comments by bob on a thread of ann's, each call on a thread
 * of its own, sent from a worker thread at a steady pace), and the time from each call's
 * sending to each of its records being readable by `/v2/activities/get`: committed in the
 * rows it reads (polled every 20 ms or so; activities/get reads them all at the end). A probe
 * comment first: when no derived record follows it, the feature is not there and nothing is
 * measured. Then an unmeasured run at the same pace, half as long, until every subscriber has
 * caught up: a server's first writes compile and connect what the rest reuse (a first run at
 * 1000 events/s was at times answered ten times slower than the next one).
 */
export async function derivedActivityLag(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  organizationId: string,
  { rate, seconds }: { rate: number; seconds: number },
): Promise<ActivitiesLagRun> {
  const calls = Math.ceil((rate * seconds) / COMMENTS_PER_CALL);
  const warmUpCalls = Math.ceil(calls * WARM_UP_SHARE);
  const target = { organizationId, documentId: 'lag-doc' };
  const ann = { userId: 'ann', name: 'Ann Example', email: 'ann@example.com' };
  const bob = { userId: 'bob', name: 'Bob Example', email: 'bob@example.com' };
  await server.post(
    '/v2/organizations/documents/add',
    { organizationId, documents: [{ documentId: target.documentId }] },
    h,
  );
  const threads = [
    'probe',
    ...Array.from({ length: warmUpCalls }, (_, i) => `w${i}`),
    ...Array.from({ length: calls }, (_, i) => `t${i}`),
  ];
  for (let i = 0; i < threads.length; i += THREADS_PER_CALL) {
    await server.post(
      '/v2/commentannotations/add',
      {
        ...target,
        commentAnnotations: threads.slice(i, i + THREADS_PER_CALL).map((annotationId) => ({
          annotationId,
          commentData: [{ commentText: 'start', from: ann }],
        })),
      },
      h,
    );
  }
  // The threads' own events are through every subscriber before the switch goes on.
  await server.app.get(SubscriptionRunner).drain();
  await server.post(
    '/v2/workspace/activityconfig/update',
    { activityServiceConfig: { isEnabled: true } },
    h,
  );
  try {
    const comment = (j: number) => ({ commentText: `comment ${j}`, from: bob });
    await server.post(
      '/v2/commentannotations/comments/add',
      { ...target, annotationId: 'probe', commentData: [comment(0)] },
      h,
    );
    const probeDeadline = Date.now() + PROBE_MS;
    let probed = false;
    while (!probed && Date.now() < probeDeadline) {
      const page = await server.post(
        '/v2/activities/get',
        { ...target, targetEntityId: 'probe', pageSize: 10 },
        h,
      );
      probed = (page.result.data as View[]).some((r) => r.actionType === COMMENT_ADDED);
      if (!probed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!probed) {
      return {
        absent: `no derived record within ${PROBE_MS / 1000} s of a comment with the switch on`,
      };
    }

    const paced = (prefix: string, n: number) => ({
      url: `${server.baseUrl}/v2/commentannotations/comments/add`,
      headers: h,
      callers: 1,
      callsPerSecond: rate / COMMENTS_PER_CALL,
      bodies: Array.from({ length: n }, (_, i) => ({
        ...target,
        annotationId: `${prefix}${i}`,
        commentData: Array.from({ length: COMMENTS_PER_CALL }, (_, j) => comment(j)),
      })),
    });
    await callFromWorker(paced('w', warmUpCalls));
    await server.app.get(SubscriptionRunner).drain();

    const sentAt: number[] = [];
    let writing = true;
    const written = callFromWorker(paced('t', calls), (i, at) => (sentAt[i] = at)).finally(
      () => (writing = false),
    );

    // Counts the rows activities/get reads of the threads still waiting for records (sent, not
    // all seen), through the target index: a statement that reads only those, so that the
    // poller does not slow what it measures (recounting the whole run's rows each poll did).
    // A count going up by k at a poll is k records first readable then.
    const lags: number[] = [];
    let lastSeenAt = 0;
    const seen = new Array<number>(calls).fill(0);
    let polls = 0;
    const pollStart = performance.now();
    let deadline = Infinity;
    while (lags.length < calls * COMMENTS_PER_CALL && Date.now() < deadline) {
      const waiting = sentAt.flatMap((at, i) =>
        at !== undefined && seen[i] < COMMENTS_PER_CALL ? [`t${i}`] : [],
      );
      const { rows } = await sql.query<{ target: string; n: number }>(
        `SELECT target_entity_id AS target, count(*)::int AS n FROM activities
         WHERE api_key = $1 AND organization_id = $2 AND target_entity_id = ANY($3::text[])
           AND action_type = $4
         GROUP BY 1`,
        [h['x-service-api-key'], organizationId, waiting, COMMENT_ADDED],
      );
      const at = Date.now();
      const before = lags.length;
      for (const { target: thread, n } of rows) {
        const call = Number(/^t(\d+)$/.exec(thread ?? '')?.[1] ?? NaN);
        if (Number.isNaN(call) || sentAt[call] === undefined) continue;
        for (; seen[call] < n; seen[call]++) lags.push(at - sentAt[call]);
      }
      if (lags.length > before) lastSeenAt = at;
      polls++;
      await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
      if (!writing && deadline === Infinity) deadline = Date.now() + WAIT_MS;
    }
    const pollMs = (performance.now() - pollStart) / polls;
    const { sentAt: sent, ms: answered } = await written;
    const sorted = ascending(lags);
    const answers = ascending(answered);
    const span = (Math.max(...sent) - Math.min(...sent)) / 1000 || 1;
    return {
      comments: calls * COMMENTS_PER_CALL,
      expected: calls * COMMENTS_PER_CALL,
      seen: lags.length,
      readable: await readableCount(server, h, target),
      writesPerSecond: (calls * COMMENTS_PER_CALL) / span,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: sorted[sorted.length - 1],
      pollMs,
      answeredP50: quantile(answers, 0.5),
      answeredP99: quantile(answers, 0.99),
      derivedPerSecond: lags.length / ((lastSeenAt - Math.min(...sent)) / 1000),
    };
  } finally {
    await server.post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { isEnabled: false } },
      h,
    );
  }
}

/** The run's derived records activities/get answers, every page read (checks the poller). */
async function readableCount(
  server: BenchServer,
  h: Record<string, string>,
  target: { organizationId: string; documentId: string },
): Promise<number> {
  let count = 0;
  let pageToken: string | undefined;
  do {
    const page = await server.post(
      '/v2/activities/get',
      { ...target, pageSize: 1000, ...(pageToken && { pageToken }) },
      h,
    );
    count += (page.result.data as View[]).filter(isRunRecord).length;
    pageToken = page.result.pageToken;
  } while (pageToken);
  return count;
}
