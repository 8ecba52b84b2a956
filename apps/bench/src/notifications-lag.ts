import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { SubscriptionRunner } from '@app/event-store';
import type { BenchServer } from './bench-server';
import { ascending, callFromWorker, quantile } from './notifications-caller';

/**
 * Comments a call, each call on a thread of its own: short threads (11 comments), since a
 * derived notification carries its whole annotation (D9.7) and long ones would weigh on it.
 */
const COMMENTS_PER_CALL = 10;
/** Threads made a call (the batch limit is 1000 items). */
const THREADS_PER_CALL = 500;
/** How long after the last write missing notifications are waited for. */
const WAIT_MS = 30_000;
/** A pause between two reads of the poller, so that it does not take a core of its own. */
const POLL_PAUSE_MS = 20;
/** How long the first derived notification is waited for before calling the feature absent. */
const PROBE_MS = 10_000;

export type NotificationsLagRun =
  | { absent: string }
  | {
      comments: number;
      /** Notifications expected (one a comment), seen by the poller, read by op 22 at the end. */
      expected: number;
      seen: number;
      readable: number;
      writesPerSecond: number;
      /** Write sent → notification first seen in the rows operation 22 reads, in ms. */
      p50: number;
      p99: number;
      max: number;
      /** Mean time between two reads of the poller: the resolution of the figures. */
      pollMs: number;
    };

type View = { targetAnnotationId?: string };

/**
 * Lag of derived notifications (D9.7): with the key's notification switch on, `rate` comment
 * events a second for `seconds` (calls of 10 comments by bob tagging carl on a thread of
 * ann's, each call on a thread of its own, sent from a worker thread at a steady pace), and
 * the time from each call's sending to each of its notifications being readable by operation
 * 22: committed in the rows it reads (polled every 20 ms or so; operation 22 reads them all at
 * the end). A probe comment first: when no derived notification follows it, the feature is
 * not there and nothing is measured.
 */
export async function derivedNotificationLag(
  server: BenchServer,
  sql: Client,
  h: Record<string, string>,
  organizationId: string,
  { rate, seconds }: { rate: number; seconds: number },
): Promise<NotificationsLagRun> {
  const calls = Math.ceil((rate * seconds) / COMMENTS_PER_CALL);
  const target = { organizationId, documentId: 'lag-doc' };
  const ann = { userId: 'ann', name: 'Ann Example', email: 'ann@example.com' };
  const bob = { userId: 'bob', name: 'Bob Example', email: 'bob@example.com' };
  await server.post(
    '/v2/organizations/documents/add',
    { organizationId, documents: [{ documentId: target.documentId }] },
    h,
  );
  const threads = ['probe', ...Array.from({ length: calls }, (_, i) => `t${i}`)];
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
    '/v2/workspace/notificationconfig/update',
    {
      useNotificationService: true,
      notificationServiceConfig: { triggers: { comment: { 'comment.add': true } } },
    },
    h,
  );
  try {
    const comment = (j: number) => ({ commentText: `comment ${j} for {{carl}}`, from: bob });
    await server.post(
      '/v2/commentannotations/comments/add',
      { ...target, annotationId: 'probe', commentData: [comment(0)] },
      h,
    );
    const probeDeadline = Date.now() + PROBE_MS;
    let probed = false;
    while (!probed && Date.now() < probeDeadline) {
      const page = await server.post('/v2/notifications/get', { ...target, pageSize: 10 }, h);
      probed = (page.result.data as View[]).some((n) => n.targetAnnotationId === 'probe');
      if (!probed) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!probed) {
      return {
        absent: `no derived notification within ${PROBE_MS / 1000} s of a comment with the switch on`,
      };
    }

    const sentAt: number[] = [];
    let writing = true;
    const written = callFromWorker(
      {
        url: `${server.baseUrl}/v2/commentannotations/comments/add`,
        headers: h,
        callers: 1,
        callsPerSecond: rate / COMMENTS_PER_CALL,
        bodies: Array.from({ length: calls }, (_, i) => ({
          ...target,
          annotationId: `t${i}`,
          commentData: Array.from({ length: COMMENTS_PER_CALL }, (_, j) => comment(j)),
        })),
      },
      (i, at) => (sentAt[i] = at),
    ).finally(() => (writing = false));

    // Counts the rows operation 22 reads, by the thread they are about: a light statement, so
    // that the poller does not slow what it measures. A count going up by k at a poll is k
    // notifications first readable then.
    const lags: number[] = [];
    const seen = new Array<number>(calls).fill(0);
    let polls = 0;
    const pollStart = performance.now();
    let deadline = Infinity;
    while (lags.length < calls * COMMENTS_PER_CALL && Date.now() < deadline) {
      const { rows } = await sql.query<{ target: string; n: number }>(
        `SELECT record->>'targetAnnotationId' AS target, count(*)::int AS n FROM notifications
         WHERE api_key = $1 AND organization_id = $2 AND document_id = $3 AND source = 'comment'
         GROUP BY 1`,
        [h['x-service-api-key'], organizationId, target.documentId],
      );
      const at = Date.now();
      for (const { target: thread, n } of rows) {
        const call = Number(/^t(\d+)$/.exec(thread ?? '')?.[1] ?? NaN);
        if (Number.isNaN(call) || sentAt[call] === undefined) continue;
        for (; seen[call] < n; seen[call]++) lags.push(at - sentAt[call]);
      }
      polls++;
      await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
      if (!writing && deadline === Infinity) deadline = Date.now() + WAIT_MS;
    }
    const pollMs = (performance.now() - pollStart) / polls;
    const { sentAt: sent } = await written;
    const sorted = ascending(lags);
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
    };
  } finally {
    await server.post(
      '/v2/workspace/notificationconfig/update',
      { useNotificationService: false },
      h,
    );
  }
}

/** The run's derived notifications operation 22 answers, every page read (checks the poller). */
async function readableCount(
  server: BenchServer,
  h: Record<string, string>,
  target: { organizationId: string; documentId: string },
): Promise<number> {
  let count = 0;
  let pageToken: string | undefined;
  do {
    const page = await server.post(
      '/v2/notifications/get',
      { ...target, pageSize: 1000, ...(pageToken && { pageToken }) },
      h,
    );
    count += (page.result.data as View[]).filter((n) =>
      /^t\d+$/.test(n.targetAnnotationId ?? ''),
    ).length;
    pageToken = page.result.pageToken;
  } while (pageToken);
  return count;
}
