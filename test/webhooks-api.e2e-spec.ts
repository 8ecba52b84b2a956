import { Webhook } from 'standardwebhooks';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { TASK_COMPLETED_WEBHOOK, TasksModule } from '@app/tasks';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };

const verify = (secret: string, call: ReceivedCall) =>
  new Webhook(secret).verify(call.body, {
    'webhook-id': String(call.headers['webhook-id']),
    'webhook-timestamp': String(call.headers['webhook-timestamp']),
    'webhook-signature': String(call.headers['webhook-signature']),
  }) as any;

// Advanced webhooks (hosted paths and shapes), the delivery log and replay (D11.5), and an
// event type another module offers through the module contract.
describe('advanced webhooks and the delivery log', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let other: Record<string, string>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      modules: [TasksModule],
      config: { webhookAllowPrivateTargets: true, webhookRetryScale: 0.0002 },
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
    other = t.apiKeyHeaders(await t.createWorkspace('other@example.com'));
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const addAnnotation = (annotationId: string, text: string, headers = h) =>
    t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [{ annotationId, commentData: [{ commentText: text, from: ann }] }],
      },
      headers,
    );

  it('refuses endpoints before the first enable, which must send isEnabled: true', async () => {
    const create = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/ep` },
      h,
    );
    expect(create.status).toBe(400);
    expect(create.body.error.status).toBe('FAILED_PRECONDITION');
    expect((await t.post('/v2/workspace/advancedwebhookconfig/get', {}, h)).body.result).toEqual({
      status: 'success',
      message: 'Advanced webhook configuration retrieved successfully.',
      data: {
        isEnabled: false,
        encryptData: false,
        encodeData: false,
        publicKey: '',
        enableDataProtection: false,
      },
    });
    const first = await t.post(
      '/v2/workspace/advancedwebhookconfig/update',
      { encodeData: true },
      h,
    );
    expect(first.body.error.status).toBe('FAILED_PRECONDITION');
    const none = await t.post('/v2/workspace/advancedwebhookconfig/update', {}, h);
    expect(none.body.error.status).toBe('INVALID_ARGUMENT');
    const enabled = await t.post(
      '/v2/workspace/advancedwebhookconfig/update',
      { isEnabled: true },
      h,
    );
    expect(enabled.body.result.data).toEqual({
      isEnabled: true,
      encryptData: false,
      encodeData: false,
      publicKey: '',
      enableDataProtection: false,
    });
  });

  let endpointId: string;
  let secret: string;

  it('creates, lists, updates and reads the secret of endpoints; the secret is made server-side', async () => {
    const created = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      {
        url: `${receiver.url}/ep`,
        description: 'Primary',
        filterTypes: ['comment_annotation.add'],
      },
      h,
    );
    expect(created.body.result).toMatchObject({
      message: 'Advanced webhook endpoint created successfully.',
      data: {
        id: expect.stringMatching(/^ep_/),
        url: `${receiver.url}/ep`,
        description: 'Primary',
        filterTypes: ['comment_annotation.add'],
        channels: null,
        disabled: false,
        rateLimit: null,
        uid: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    endpointId = created.body.result.data.id;
    const secretRes = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/secret/get',
      { endpointId },
      h,
    );
    secret = secretRes.body.result.data.secret;
    expect(secret).toMatch(/^whsec_/);
    const listed = await t.post('/v2/workspace/advancedwebhook/endpoints/get', {}, h);
    expect(listed.body.result.data).toMatchObject({
      endpoints: [{ id: endpointId }],
      iterator: null,
      prevIterator: null,
      done: true,
    });
    // Another API key, advanced webhooks enabled (else every answer is FAILED_PRECONDITION),
    // can neither list, read, change nor delete the endpoint.
    const theirConfig = await t.post(
      '/v2/workspace/advancedwebhookconfig/update',
      { isEnabled: true },
      other,
    );
    expect(theirConfig.body.result.data.isEnabled).toBe(true);
    const theirList = await t.post('/v2/workspace/advancedwebhook/endpoints/get', {}, other);
    expect(theirList.body.result.data.endpoints).toEqual([]);
    const notFound = {
      status: 404,
      body: { error: { status: 'NOT_FOUND', message: 'Advanced webhook endpoint not found.' } },
    };
    for (const [operation, data] of [
      ['secret/get', { endpointId }],
      ['update', { endpointId, url: `${receiver.url}/theirs`, description: 'Theirs' }],
      ['delete', { endpointId }],
    ] as const) {
      const theirs = await t.post(
        `/v2/workspace/advancedwebhook/endpoints/${operation}`,
        data,
        other,
      );
      expect({ operation, status: theirs.status, body: theirs.body }).toEqual({
        operation,
        ...notFound,
      });
    }
    // And the endpoint is as it was.
    const after = await t.post('/v2/workspace/advancedwebhook/endpoints/get', {}, h);
    expect(after.body.result.data.endpoints).toEqual([created.body.result.data]);
    const secretAfter = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/secret/get',
      { endpointId },
      h,
    );
    expect(secretAfter.body.result.data.secret).toBe(secret);
    const bad = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: 'ftp://example.com/x' },
      h,
    );
    expect(bad.body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('delivers to the endpoint by its filterTypes, signed with its own secret', async () => {
    const mark = receiver.mark();
    await addAnnotation('x1', 'for the endpoint');
    const call = await receiver.nextSince(mark, '/ep');
    expect(verify(secret, call)).toMatchObject({
      webhookId: call.headers['webhook-id'],
      event: 'comment_annotation.add',
    });
    expect(call.headers.authorization).toBeUndefined();
    // comment.add is not in its filter.
    await t.post(
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'x1', commentData: [{ commentText: 'filtered out', from: ann }] },
      h,
    );
    await t.settle();
    expect(receiver.matching('/ep')).toHaveLength(1);
  });

  it('delivers an event type another module offers through @WebhookEvents', async () => {
    await t.post(
      '/v2/workspace/advancedwebhook/endpoints/update',
      { endpointId, filterTypes: [TASK_COMPLETED_WEBHOOK] },
      h,
    );
    await t.post(
      '/v2/example/tasks/create',
      { organizationId: 'org', taskId: 't1', title: 'Ship', assigneeId: 'ann' },
      h,
    );
    await t.post('/v2/example/tasks/complete', { organizationId: 'org', taskId: 't1' }, h);
    const call = await receiver.next('/ep', (b) => b.event === TASK_COMPLETED_WEBHOOK);
    expect(verify(secret, call).data.task).toEqual({ taskId: 't1', assigneeId: 'ann' });
  });

  let limitedId: string;

  it('enforces rateLimit (deliveries per second) on an endpoint', async () => {
    const limited = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/limited`, rateLimit: 2, filterTypes: ['comment_annotation.add'] },
      h,
    );
    expect(limited.body.result.data.rateLimit).toBe(2);
    limitedId = limited.body.result.data.id;
    for (let i = 0; i < 6; i++) await addAnnotation(`rl${i}`, `limited ${i}`);
    const calls = await waitFor(async () => {
      const got = receiver.matching('/limited');
      return got.length >= 6 ? got : undefined;
    }, 20_000);
    const perSecond = new Map<number, number>();
    for (const c of calls) {
      const second = Math.floor(c.at / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    // Slots are seconds of the sender's clock; one sent at the end of its second can arrive in
    // the next, beside that second's two: a calendar second of arrivals holds at most 3.
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(3);
    // Six at two a second take three slots: the last goes out at least a second after the first.
    expect(calls[5].at - calls[0].at).toBeGreaterThanOrEqual(1000);
  });

  it('deletes an endpoint: gone from reads, and an event after it no longer reaches it', async () => {
    // A second endpoint of the same filter: its delivery is the sign the event was handled.
    const witness = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/witness`, filterTypes: ['comment_annotation.add'] },
      h,
    );
    const witnessId = witness.body.result.data.id;
    const deleted = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/delete',
      { endpointId: limitedId },
      h,
    );
    expect({ status: deleted.status, body: deleted.body }).toEqual({
      status: 200,
      body: {
        result: {
          status: 'success',
          message: 'Advanced webhook endpoint deleted successfully.',
          data: { endpointId: limitedId, deleted: true },
        },
      },
    });
    const listed = await t.post('/v2/workspace/advancedwebhook/endpoints/get', {}, h);
    expect(listed.body.result.data.endpoints.map((e: { id: string }) => e.id)).toEqual([
      endpointId,
      witnessId,
    ]);
    for (const operation of ['secret/get', 'delete']) {
      const res = await t.post(
        `/v2/workspace/advancedwebhook/endpoints/${operation}`,
        { endpointId: limitedId },
        h,
      );
      expect({ operation, error: res.body.error?.status }).toEqual({
        operation,
        error: 'NOT_FOUND',
      });
    }

    const mark = receiver.mark();
    const since = Date.now();
    await addAnnotation('gone1', 'after the delete');
    await receiver.nextSince(
      mark,
      '/witness',
      (b) => b.data?.commentAnnotation?.annotationId === 'gone1',
    );
    await t.settle();
    expect(receiver.matching('/limited', undefined, mark)).toEqual([]);
    const toDeleted = await t.post(
      '/v2/workspace/webhooks/deliveries/get',
      { endpointId: limitedId, from: since },
      h,
    );
    expect(toDeleted.body.result.data).toEqual([]);
    const witnessGone = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/delete',
      { endpointId: witnessId },
      h,
    );
    expect(witnessGone.body.result.data).toEqual({ endpointId: witnessId, deleted: true });
  });

  it('lists deliveries with their attempts, filtered and in keyset pages, for the calling key only', async () => {
    await t.settle();
    const all = await t.post('/v2/workspace/webhooks/deliveries/get', {}, h);
    expect(all.body.result.data.length).toBeGreaterThan(3);
    const [newest] = all.body.result.data;
    expect(newest).toMatchObject({
      deliveryId: expect.stringMatching(/^msg_/),
      status: 'delivered',
      attempts: [
        {
          attempt: 1,
          at: expect.any(Number),
          httpStatus: 200,
          durationMs: expect.any(Number),
          response: 'ok',
          error: null,
        },
      ],
    });
    const byType = await t.post(
      '/v2/workspace/webhooks/deliveries/get',
      { eventType: TASK_COMPLETED_WEBHOOK },
      h,
    );
    expect(byType.body.result.data.map((d: any) => d.eventType)).toEqual([TASK_COMPLETED_WEBHOOK]);
    const byEndpoint = await t.post(
      '/v2/workspace/webhooks/deliveries/get',
      { endpointId, status: 'delivered' },
      h,
    );
    expect(byEndpoint.body.result.data).toHaveLength(2);
    const future = await t.post(
      '/v2/workspace/webhooks/deliveries/get',
      { from: Date.now() + 60_000 },
      h,
    );
    expect(future.body.result.data).toEqual([]);
    // Pages of 2, newest first, every delivery once.
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await t.post(
        '/v2/workspace/webhooks/deliveries/get',
        { pageSize: 2, ...(pageToken && { pageToken }) },
        h,
      );
      seen.push(...page.body.result.data.map((d: any) => d.deliveryId));
      pageToken = page.body.result.nextPageToken;
    } while (pageToken);
    expect(seen).toEqual(all.body.result.data.map((d: any) => d.deliveryId));
    expect(
      (await t.post('/v2/workspace/webhooks/deliveries/get', {}, other)).body.result.data,
    ).toEqual([]);
  });

  it('retries a failed delivery by id, and every failed one since a time, with the same webhook-id', async () => {
    await t.post(
      '/v2/workspace/advancedwebhook/endpoints/update',
      { endpointId, filterTypes: ['comment_annotation.add'] },
      h,
    );
    receiver.respond = (call) => (call.path === '/ep' ? 410 : 200);
    const since = Date.now() - 1;
    await addAnnotation('f1', 'will fail');
    await addAnnotation('f2', 'will fail too');
    const failed = await waitFor(async () => {
      const res = await t.post(
        '/v2/workspace/webhooks/deliveries/get',
        { status: 'failed', endpointId },
        h,
      );
      return res.body.result.data.length === 2 ? res.body.result.data : undefined;
    });
    receiver.respond = () => 200;
    const mark = receiver.mark();
    const notFailed = await t.post(
      '/v2/workspace/webhooks/deliveries/retry',
      { deliveryId: newestDelivered },
      h,
    );
    expect(notFailed.body.error.status).toBe('FAILED_PRECONDITION');
    const one = await t.post(
      '/v2/workspace/webhooks/deliveries/retry',
      { deliveryId: failed[0].deliveryId },
      h,
    );
    expect(one.body.result.data).toEqual({ deliveryIds: [failed[0].deliveryId] });
    // The call this retry causes: a later one of the same delivery (its first attempt also
    // reached /ep, with the same webhook-id, and was answered 410).
    const again = await receiver.nextSince(
      mark,
      '/ep',
      (_b, c) => c.headers['webhook-id'] === failed[0].deliveryId,
    );
    expect(verify(secret, again).webhookId).toBe(failed[0].deliveryId);
    const rest = await t.post('/v2/workspace/webhooks/deliveries/retry', { since }, h);
    expect(rest.body.result.data.deliveryIds).toEqual([failed[1].deliveryId]);
    // Retried: pending, then delivered on its one more attempt.
    const retried = await waitFor(async () => {
      const res = await t.post(
        '/v2/workspace/webhooks/deliveries/get',
        { endpointId, status: 'delivered', from: since },
        h,
      );
      return res.body.result.data.find((d: any) => d.deliveryId === failed[1].deliveryId);
    });
    expect(retried.attempts.map((a: any) => a.httpStatus)).toEqual([410, 200]);
    const missing = await t.post(
      '/v2/workspace/webhooks/deliveries/retry',
      { deliveryId: 'msg_x' },
      h,
    );
    expect(missing.status).toBe(404);
  });

  let newestDelivered: string;
  afterEach(async () => {
    const res = await t
      .post('/v2/workspace/webhooks/deliveries/get', { status: 'delivered', pageSize: 1 }, h)
      .catch(() => undefined);
    newestDelivered = res?.body?.result?.data?.[0]?.deliveryId ?? newestDelivered;
  });
});
