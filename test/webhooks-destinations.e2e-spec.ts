import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JobQueue } from '@app/platform';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { WebhookReceiver } from './support/webhook-receiver';

// How delivery treats receivers that fail or are slow: a dead one costs the server little,
// holds up no other, and gets its deliveries when it is back; slow ones hold neither the
// queue's workers nor other destinations.

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };

const probeRuns: number[] = [];

@Injectable()
class ProbeJob implements OnModuleInit {
  constructor(private readonly queue: JobQueue) {}
  onModuleInit(): void {
    this.queue.handle('test.destinations-probe', async () => {
      probeRuns.push(Date.now());
    });
  }
}

@Module({ providers: [ProbeJob] })
class ProbeModule {}

describe('webhook destinations that fail or are slow', () => {
  const MOST_IN_FLIGHT = 4;
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      modules: [ProbeModule],
      config: {
        webhookAllowPrivateTargets: true,
        // Attempts at 0, 1 ms, 60 ms, 0.36 s, 1.44 s, 3.6 s, 7.2 s and 7.2 s.
        webhookRetryScale: 0.0002,
        webhookDestinationConcurrency: MOST_IN_FLIGHT,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A workspace's API key sending to `raw` (and `processed`), with a document to comment on. */
  async function keySendingTo(raw: string, processed?: string): Promise<Record<string, string>> {
    const h = t.apiKeyHeaders(await t.createWorkspace());
    await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: `${receiver.url}${raw}`,
          ...(processed && { processedNotificationUrl: `${receiver.url}${processed}` }),
        },
      },
      h,
    );
    await t.post(
      '/v2/organizations/documents/add',
      { ...doc, createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
    return h;
  }

  /** One annotation and `comments` comments on it: 1 + `comments` events. */
  async function thread(h: Record<string, string>, annotationId: string, comments: number) {
    const made = await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [{ annotationId, commentData: [{ commentText: 'hi', from: ann }] }],
      },
      h,
    );
    expect(made.status).toBe(200);
    for (let done = 0; done < comments; done += 100) {
      const added = await t.post(
        '/v2/commentannotations/comments/add',
        {
          ...doc,
          annotationId,
          commentData: Array.from({ length: Math.min(100, comments - done) }, (_, i) => ({
            commentText: `comment ${done + i}`,
            from: ann,
          })),
        },
        h,
      );
      expect(added.status).toBe(200);
    }
  }

  const db = () => t.app.get(DataSource);

  it('sends a dead destination little, holds up no other, and delivers to it once it is back', async () => {
    let down = true;
    const answeredWhenBack: string[] = [];
    receiver.respond = (call) => {
      if (call.path !== '/down') return 200;
      if (down) return 500;
      answeredWhenBack.push(String(call.headers['webhook-id']));
      return 200;
    };
    const h = await keySendingTo('/up', '/down');
    const apiKey = h['x-service-api-key'];
    await thread(h, 'dead', 200);
    const events = 201;

    // Every event reaches the healthy destination.
    await waitFor(
      async () => (receiver.matching('/up').length >= events ? true : undefined),
      20_000,
    );
    // Every delivery to the dead one had its first attempt, but few of them were requests.
    await waitFor(async () => {
      const [row] = await db().query(
        `SELECT count(*)::int AS n FROM webhook_deliveries
         WHERE api_key = $1 AND destination = 'processed' AND attempts >= 1`,
        [apiKey],
      );
      return row.n === events ? true : undefined;
    }, 20_000);
    // About 20 failures before it counts as down, then one probe at a time.
    const requests = receiver.matching('/down').length;
    expect(requests).toBeLessThan(50);
    const [notSent] = await db().query(
      `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d USING (delivery_id)
       WHERE d.api_key = $1 AND d.destination = 'processed' AND a.http_status IS NULL
         AND a.error LIKE 'not sent:%'`,
      [apiKey],
    );
    expect(notSent.n).toBeGreaterThan(events - requests);

    // Back up: its deliveries go out at their next attempt, each delivered once.
    down = false;
    const delivered = await waitFor(async () => {
      const rows: { delivery_id: string; status: string }[] = await db().query(
        `SELECT delivery_id, status FROM webhook_deliveries
         WHERE api_key = $1 AND destination = 'processed'`,
        [apiKey],
      );
      return rows.every((r) => r.status === 'delivered') ? rows : undefined;
    }, 30_000);
    expect(delivered).toHaveLength(events);
    expect(answeredWhenBack.sort()).toEqual(delivered.map((d) => d.delivery_id).sort());
    // The log tells what happened to one of them: attempts not sent, then the one answered.
    const log = await t.post('/v2/workspace/webhooks/deliveries/get', { pageSize: 100 }, h);
    const one = log.body.result.data.find(
      (d: any) =>
        d.destination === 'processed' &&
        d.attempts.some((a: any) => a.error?.startsWith('not sent')),
    );
    expect(one.attempts.at(-1)).toMatchObject({ httpStatus: 200 });
  }, 90_000);

  it('sends a receiver failing half of its deliveries all of them, and retries those it failed', async () => {
    // 500 to the first call of half the deliveries, ten in a row (as one failing half its
    // calls at random does now and then), then ten answered 200; retries answered 200.
    const seen = new Set<string>();
    const answered200: string[] = [];
    let answered500 = 0;
    receiver.respond = (call) => {
      if (call.path !== '/flaky') return 200;
      const id = String(call.headers['webhook-id']);
      const fails = !seen.has(id) && Math.floor(seen.size / 10) % 2 === 0;
      seen.add(id);
      if (fails) return (answered500++, 500);
      answered200.push(id);
      return 200;
    };
    const h = await keySendingTo('/flaky');
    const apiKey = h['x-service-api-key'];
    await thread(h, 'flaky', 300);
    const events = 301;

    const delivered = await waitFor(async () => {
      const rows: { delivery_id: string; status: string }[] = await db().query(
        `SELECT delivery_id, status FROM webhook_deliveries WHERE api_key = $1`,
        [apiKey],
      );
      return rows.length === events && rows.every((r) => r.status === 'delivered')
        ? rows
        : undefined;
    }, 30_000);
    // Half of them failed first: none of the others went without a request of its own, and
    // each delivery was answered 200 once, at its first attempt or its first retry.
    const [notSent] = await db().query(
      `SELECT count(*)::int AS n FROM webhook_attempts a JOIN webhook_deliveries d USING (delivery_id)
       WHERE d.api_key = $1 AND a.http_status IS NULL`,
      [apiKey],
    );
    expect(notSent.n).toBe(0);
    expect(answered200.sort()).toEqual(delivered.map((d) => d.delivery_id).sort());
    expect(answered500).toBe(151);
    expect(receiver.matching('/flaky')).toHaveLength(events + answered500);
  }, 60_000);

  it('lets slow receivers hold neither the queue nor other destinations', async () => {
    probeRuns.length = 0;
    // The slow receivers answer nothing until the fast tenant's events and the unrelated job
    // have gone through: if slow requests held the queue's workers or the other destination,
    // those could not go through and the wait below would run out.
    let release!: () => void;
    let released = false;
    const releasing = new Promise<void>((resolve) => (release = resolve));
    // Requests open at once at each slow receiver (until their connection closes), the most
    // seen, and those the sender gave up on (its attempt timeout) before the release.
    const open = new Map<string, number>();
    const mostOpen = new Map<string, number>();
    let givenUp = 0;
    receiver.respond = (call) => {
      if (!call.path.startsWith('/slow')) return 200;
      const now = (open.get(call.path) ?? 0) + 1;
      open.set(call.path, now);
      mostOpen.set(call.path, Math.max(mostOpen.get(call.path) ?? 0, now));
      void call.closed.then(() => {
        open.set(call.path, open.get(call.path)! - 1);
        if (!released) givenUp++;
      });
      return { status: 200, heldUntil: releasing };
    };
    try {
      // Four tenants with slow receivers, 200 events each: two or three jobs each, at least one
      // for every queue worker.
      const slow: Record<string, string>[] = [];
      for (let i = 0; i < 4; i++) slow.push(await keySendingTo(`/slow-${i}`));
      for (const [i, h] of slow.entries()) await thread(h, `slow-${i}`, 199);
      // Every slow receiver holds requests before the fast tenant's events are made.
      await waitFor(async () => (mostOpen.size === slow.length ? true : undefined), 10_000);
      const fast = await keySendingTo('/fast');
      await thread(fast, 'fast', 9);
      await t.app
        .get(JobQueue)
        .enqueue([{ id: 'destinations-probe', name: 'test.destinations-probe', data: {} }]);

      await waitFor(
        async () => (receiver.matching('/fast').length >= 10 ? true : undefined),
        10_000,
      );
      await waitFor(async () => (probeRuns.length === 1 ? true : undefined), 10_000);
      // Every slow request was still held meanwhile: none was given up, which would have
      // freed what it held.
      expect(givenUp).toBe(0);
      // Each slow receiver has at most its limit of requests open at once.
      expect(mostOpen.size).toBe(slow.length);
      for (const most of mostOpen.values()) expect(most).toBeLessThanOrEqual(MOST_IN_FLIGHT);
    } finally {
      released = true;
      release();
    }
  }, 60_000);

  it('replays a delivery as often as asked, one that ended without an attempt too', async () => {
    receiver.respond = (call) => (call.path === '/replayed' ? 410 : 200);
    const h = await keySendingTo('/replayed');
    const status = async () => {
      const res = await t.post('/v2/workspace/webhooks/deliveries/get', {}, h);
      return res.body.result.data.find((d: any) => d.destination === 'raw');
    };
    await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          { annotationId: 'r1', commentData: [{ commentText: 'x', from: ann }] },
        ],
      },
      h,
    );
    const gone = await waitFor(async () =>
      (await status())?.status === 'failed' ? status() : undefined,
    );
    // Replayed while the service is off: it ends again, with no attempt.
    const service = (on: boolean) =>
      t.post('/v2/workspace/webhookconfig/update', { useWebhookService: on }, h);
    await service(false);
    const first = await t.post(
      '/v2/workspace/webhooks/deliveries/retry',
      { deliveryId: gone.deliveryId },
      h,
    );
    expect(first.body.result.data.deliveryIds).toEqual([gone.deliveryId]);
    await waitFor(async () => {
      const d = await status();
      return d.status === 'failed' && d.attempts.length === 1 ? true : undefined;
    });
    // Replayed again once it is back on: one more attempt, delivered.
    await service(true);
    receiver.respond = () => 200;
    await t.post('/v2/workspace/webhooks/deliveries/retry', { deliveryId: gone.deliveryId }, h);
    const delivered = await waitFor(async () => {
      const d = await status();
      return d.status === 'delivered' ? d : undefined;
    });
    expect(delivered.attempts.map((a: any) => a.httpStatus)).toEqual([410, 200]);
  });
});
