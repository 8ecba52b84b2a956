import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { EventStore } from '@app/event-store';
import { SecretBox } from '@app/platform';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import { openPayload } from '@app/webhooks';
import { WEBHOOK_TRIGGERS } from '@app/workspaces';
import { activityStream } from '../libs/activities/src/domain/activity.aggregate';
import { ActivityWebhookEvents } from '../libs/activities/src/webhooks/activity-webhook-events';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const ACTIVITY_TYPES = ['activity.add', 'activity.update', 'activity.delete'];
const place = { organizationId: 'org', documentId: 'doc' };

const verify = (secret: string, call: ReceivedCall) =>
  new Webhook(secret).verify(call.body, {
    'webhook-id': String(call.headers['webhook-id']),
    'webhook-timestamp': String(call.headers['webhook-timestamp']),
    'webhook-signature': String(call.headers['webhook-signature']),
  }) as any;

// Activity records as webhook events (advanced endpoints only, as notification events).
describe('activity webhooks', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let theirs: TestWorkspace;
  let receiver: WebhookReceiver;
  let secret: string;
  let endpointCreated: { status: number; body: any };

  const ok = async (path: string, data: unknown, key = ws) => {
    const res = await t.post(path, data, t.apiKeyHeaders(key));
    expect({ path, status: res.status, body: res.body }).toMatchObject({ path, status: 200 });
    return res.body.result;
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, webhookRetryScale: 0.0002 },
    });
    ws = await t.createWorkspace();
    theirs = await t.createWorkspace('other@example.com');
    for (const key of [ws, theirs]) {
      await ok(
        '/v2/organizations/documents/add',
        { ...place, createOrganization: true, documents: [{ documentId: 'doc' }] },
        key,
      );
      await ok(
        '/v2/workspace/activityconfig/update',
        { activityServiceConfig: { isEnabled: true, immutable: false } },
        key,
      );
    }
    // The basic URL with every basic trigger on, and one advanced endpoint for activities.
    await ok('/v2/workspace/webhookconfig/update', {
      useWebhookService: true,
      webhookServiceConfig: {
        rawNotificationUrl: `${receiver.url}/raw`,
        triggers: Object.fromEntries(WEBHOOK_TRIGGERS.map((trigger) => [trigger, true])),
      },
    });
    await ok('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true });
    endpointCreated = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/activities`, filterTypes: ACTIVITY_TYPES },
      t.apiKeyHeaders(ws),
    );
    secret = (
      await ok('/v2/workspace/advancedwebhook/endpoints/secret/get', {
        endpointId: endpointCreated.body.result.data.id,
      })
    ).data.secret;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const record = (over: Record<string, unknown> = {}) => ({
    id: 'a1',
    featureType: 'custom',
    actionType: 'invoice.paid',
    actionUser: ann,
    targetEntityId: 'invoice-42',
    changes: { status: { from: 'open', to: 'paid' } },
    displayMessageTemplate: '{user} paid, ask {{bob}}',
    displayMessageTemplateData: { user: ann, reviewer: { userId: 'dee' } },
    ...over,
  });
  const add = (activities: unknown[], key = ws) =>
    ok('/v2/activities/add', { ...place, activities }, key);
  /** The record as `/v2/activities/get` shows it. */
  const shown = async (id: string) =>
    (await ok('/v2/activities/get', { organizationId: 'org', activityIds: [id] })).data[0];
  const metadata = () => ({ apiKey: ws.apiKey, ...place });
  const nextActivityCall = (mark: number, event: string, id: string) =>
    receiver.nextSince(
      mark,
      '/activities',
      (b) => b.event === event && b.data?.activity?.id === id,
    );
  const deliveriesOf = async (eventType: string) => {
    await t.settle();
    const log = await ok('/v2/workspace/webhooks/deliveries/get', { eventType });
    return log.data.map((d: any) => [d.destination, d.url, d.status]);
  };

  it('offers the three types to endpoint filters; basic triggers stay the spec nine', async () => {
    expect(endpointCreated.body.result.data.filterTypes).toEqual(ACTIVITY_TYPES);
    const refused = await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { triggers: { 'activity.add': true } } },
      t.apiKeyHeaders(ws),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.fields[0].field).toBe(
      'data.webhookServiceConfig.triggers.activity.add',
    );
  });

  it('activity.add: the record as the read shows it, signed, to the endpoint only', async () => {
    const mark = receiver.mark();
    await add([record()]);
    const body = verify(secret, await nextActivityCall(mark, 'activity.add', 'a1'));
    const view = await shown('a1');
    expect(body).toEqual({
      webhookId: expect.any(String),
      event: 'activity.add',
      actionType: 'add',
      source: 'activity',
      platform: 'sdk',
      timestamp: view.timestamp,
      data: { metadata: metadata(), activity: view },
    });
    expect(view).toMatchObject({ id: 'a1', featureType: 'custom', actionUser: ann });
    // Every person the payload names, mentions and emails included, for user data deletion.
    const [{ user_ids }] = await t.app
      .get(DataSource)
      .query(`SELECT user_ids FROM webhook_deliveries WHERE api_key = $1 AND event_type = $2`, [
        ws.apiKey,
        'activity.add',
      ]);
    expect([...user_ids].sort()).toEqual(['ann', 'ann@example.com', 'bob', 'dee']);
    // The basic URL has every basic trigger on, and still gets no activity event.
    expect(await deliveriesOf('activity.add')).toEqual([
      ['endpoint', `${receiver.url}/activities`, 'delivered'],
    ]);
  });

  it('activity.add again for a record replaced under the same id, one per record of a call', async () => {
    const mark = receiver.mark();
    await add([
      record({ actionType: 'invoice.refunded', changes: undefined }),
      record({ id: 'a2' }),
    ]);
    const body = verify(secret, await nextActivityCall(mark, 'activity.add', 'a1'));
    expect(body.data.activity).toEqual(await shown('a1'));
    expect(body.data.activity.actionType).toBe('invoice.refunded');
    const second = verify(secret, await nextActivityCall(mark, 'activity.add', 'a2'));
    expect(second.data.activity).toEqual(await shown('a2'));
  });

  it('activity.update: the record after the change, and the fields it changed', async () => {
    const mark = receiver.mark();
    const amendment = { actionIcon: 'coin', entityData: { amount: 42 } };
    const updated = await ok('/v2/activities/update', {
      organizationId: 'org',
      activities: [{ id: 'a1', ...amendment }],
    });
    expect(updated.data.a1).toEqual({ success: true, message: 'Activity updated.' });
    const body = verify(secret, await nextActivityCall(mark, 'activity.update', 'a1'));
    expect(body).toMatchObject({
      event: 'activity.update',
      actionType: 'update',
      source: 'activity',
      timestamp: expect.any(Number),
    });
    const view = await shown('a1');
    expect(view).toMatchObject(amendment);
    expect(body.data).toEqual({ metadata: metadata(), activity: view, changes: amendment });
  });

  it('activity.delete: the record as it was', async () => {
    const before = await shown('a1');
    const mark = receiver.mark();
    const deleted = await ok('/v2/activities/delete', {
      organizationId: 'org',
      activityIds: ['a1'],
    });
    expect(deleted.data.a1).toMatchObject({ success: true, message: 'Activity deleted.' });
    expect(await shown('a1')).toBeUndefined();
    const body = verify(secret, await nextActivityCall(mark, 'activity.delete', 'a1'));
    expect(body).toMatchObject({ event: 'activity.delete', timestamp: expect.any(Number) });
    expect(body.data).toEqual({ metadata: metadata(), activity: before });
  });

  it('offers the same payloads for events read again, whatever happened since', async () => {
    const store = t.app.get(EventStore);
    const manager = t.app.get(DataSource).manager;
    const stream = activityStream({ apiKey: ws.apiKey, organizationId: 'org', activityId: 'a1' });
    const history = await store.readStream(stream, manager);
    const offers = await t.app.get(ActivityWebhookEvents).offer(history, manager);
    expect(offers.map((o) => o.eventType)).toEqual([
      'activity.add',
      'activity.add',
      'activity.update',
      'activity.delete',
    ]);
    const box = t.app.get(SecretBox);
    const stored: { event_id: string; sealed_payload: string }[] = await manager.query(
      `SELECT event_id, sealed_payload FROM webhook_deliveries
       WHERE api_key = $1 AND event_type LIKE 'activity.%'`,
      [ws.apiKey],
    );
    // a1's four events and a2's add.
    expect(stored).toHaveLength(5);
    for (const offer of offers) {
      const row = stored.find((r) => r.event_id === offer.eventId)!;
      const { webhookId: _w, ...sent } = JSON.parse(openPayload(box, row.sealed_payload));
      expect(sent).toEqual(offer.payload);
    }
  });

  it('activity.add for each record derived from a collaboration change, and only those', async () => {
    const mark = receiver.mark();
    const thread = (annotationId: string, comment: Record<string, unknown> = {}) =>
      ok('/v2/commentannotations/add', {
        ...place,
        commentAnnotations: [
          { annotationId, commentData: [{ commentText: 'Hi', from: ann, ...comment }] },
        ],
      });
    await thread('derived-1');
    const isDerived = (b: any) =>
      b.event === 'activity.add' && b.data?.activity?.targetEntityId === 'derived-1';
    const body = verify(secret, await receiver.nextSince(mark, '/activities', isDerived));
    expect(body.data.activity).toMatchObject({
      featureType: 'comment',
      actionUser: expect.objectContaining({ userId: 'ann' }),
    });
    expect(body.data.activity).toEqual(await shown(body.data.activity.id));
    // A comment that asks for no record makes none, so no webhook: every record logged for
    // the key has its delivery, and there is none for that thread.
    await thread('derived-2', { triggerActivities: false });
    await t.settle();
    const none = await ok('/v2/activities/get', {
      organizationId: 'org',
      targetEntityId: 'derived-2',
    });
    expect(none.data).toEqual([]);
    const [{ logged }] = await t.app.get(DataSource).query(
      `SELECT count(*)::int AS logged FROM events
       WHERE type = 'activities.activity-logged' AND data->>'apiKey' = $1`,
      [ws.apiKey],
    );
    const [{ delivered }] = await t.app.get(DataSource).query(
      `SELECT count(*)::int AS delivered FROM webhook_deliveries
       WHERE api_key = $1 AND event_type = 'activity.add'`,
      [ws.apiKey],
    );
    expect({ delivered }).toEqual({ delivered: logged });
  });

  it('sends nothing for a key without destinations', async () => {
    await add([record({ id: 'theirs' })], theirs);
    await t.settle();
    expect(
      receiver.matching('/activities', (b) => b.data?.metadata?.apiKey === theirs.apiKey),
    ).toEqual([]);
    const [{ n }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE api_key = $1`, [
        theirs.apiKey,
      ]);
    expect(n).toBe(0);
  });
});
