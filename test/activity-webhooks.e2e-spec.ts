import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { AggregateRepository, EventStore } from '@app/event-store';
import { SecretBox } from '@app/platform';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import { openPayload } from '@app/webhooks';
import { WEBHOOK_TRIGGERS } from '@app/workspaces';
import {
  Activity,
  ACTIVITY_STREAM_TYPE,
  activityStream,
} from '../libs/activities/src/domain/activity.aggregate';
import type { ActivityContent, ActivityRef } from '../libs/activities/src/domain/activity.events';
import { activityView } from '../libs/activities/src/domain/activity-view';
import { ActivityWebhookEvents } from '../libs/activities/src/webhooks/activity-webhook-events';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const ACTIVITY_TYPES = ['activity.add', 'activity.update', 'activity.delete'];

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

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, webhookRetryScale: 0.0002 },
    });
    ws = await t.createWorkspace();
    theirs = await t.createWorkspace('other@example.com');
    const h = t.apiKeyHeaders(ws);
    // The basic URL with every basic trigger on, and one advanced endpoint for activities.
    await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: `${receiver.url}/raw`,
          triggers: Object.fromEntries(WEBHOOK_TRIGGERS.map((trigger) => [trigger, true])),
        },
      },
      h,
    );
    await t.post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, h);
    endpointCreated = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/activities`, filterTypes: ACTIVITY_TYPES },
      h,
    );
    secret = (
      await t.post(
        '/v2/workspace/advancedwebhook/endpoints/secret/get',
        { endpointId: endpointCreated.body.result.data.id },
        h,
      )
    ).body.result.data.secret;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const refOf = (key: TestWorkspace, activityId: string): ActivityRef => ({
    apiKey: key.apiKey,
    organizationId: 'org',
    activityId,
  });
  /** Runs `decide` on the record's aggregate and appends what it raised, as the key. */
  const onRecord = (key: TestWorkspace, activityId: string, decide: (a: Activity) => void) => {
    const ref = refOf(key, activityId);
    return t.app.get(AggregateRepository).update(
      {
        streamId: activityStream(ref),
        streamType: ACTIVITY_STREAM_TYPE,
        create: () => new Activity(ref),
      },
      { workspaceId: key.workspaceId, apiKey: key.apiKey, actor: `api-key:${key.apiKey}` },
      decide,
    );
  };
  const content = (over: Partial<ActivityContent> = {}): ActivityContent => ({
    documentId: 'doc',
    location: { id: 'loc-1', locationName: 'Page 1' },
    featureType: 'custom',
    actionType: 'invoice.paid',
    actionUser: ann,
    targetEntityId: 'invoice-42',
    changes: { status: { from: 'open', to: 'paid' } },
    displayMessageTemplate: '{user} paid, ask {{bob}}',
    displayMessageTemplateData: { user: ann, reviewer: { userId: 'dee' } },
    immutable: false,
    timestamp: 1_700_000_000_000,
    ...over,
  });
  const nextActivityCall = (mark: number, event: string, id: string) =>
    receiver.nextSince(
      mark,
      '/activities',
      (b) => b.event === event && b.data?.activity?.id === id,
    );
  const deliveriesOf = async (eventType: string) => {
    await t.settle();
    const log = await t.post(
      '/v2/workspace/webhooks/deliveries/get',
      { eventType },
      t.apiKeyHeaders(ws),
    );
    return log.body.result.data.map((d: any) => [d.destination, d.url, d.status]);
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
    const logged = content();
    await onRecord(ws, 'a1', (a) => a.log(logged));
    const body = verify(secret, await nextActivityCall(mark, 'activity.add', 'a1'));
    const view = activityView(refOf(ws, 'a1'), logged);
    expect(body).toEqual({
      webhookId: expect.any(String),
      event: 'activity.add',
      actionType: 'add',
      source: 'activity',
      platform: 'sdk',
      timestamp: logged.timestamp,
      data: {
        metadata: {
          apiKey: ws.apiKey,
          organizationId: 'org',
          documentId: 'doc',
          locationId: 'loc-1',
        },
        activity: view,
      },
    });
    expect(body.data.activity).toMatchObject({ id: 'a1', featureType: 'custom', actionUser: ann });
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

  it('activity.add again for a record replaced under the same id', async () => {
    const mark = receiver.mark();
    const replaced = content({ actionType: 'invoice.refunded', changes: undefined });
    await onRecord(ws, 'a1', (a) => a.log(replaced));
    const body = verify(secret, await nextActivityCall(mark, 'activity.add', 'a1'));
    expect(body.data.activity).toEqual(activityView(refOf(ws, 'a1'), replaced));
  });

  it('activity.update: the record after the change, and the fields it changed', async () => {
    const mark = receiver.mark();
    const amendment = { actionIcon: 'coin', entityData: { amount: 42 } };
    await onRecord(ws, 'a1', (a) => a.amend(amendment, 1_700_000_000_500));
    const body = verify(secret, await nextActivityCall(mark, 'activity.update', 'a1'));
    expect(body).toMatchObject({
      event: 'activity.update',
      actionType: 'update',
      source: 'activity',
      timestamp: 1_700_000_000_500,
    });
    expect(body.data).toEqual({
      metadata: {
        apiKey: ws.apiKey,
        organizationId: 'org',
        documentId: 'doc',
        locationId: 'loc-1',
      },
      activity: activityView(refOf(ws, 'a1'), {
        ...content({ actionType: 'invoice.refunded', changes: undefined }),
        ...amendment,
      }),
      changes: amendment,
    });
  });

  it('activity.delete: the record as it was', async () => {
    const ref = refOf(ws, 'a1');
    const before = (
      await t.app.get(AggregateRepository).load(activityStream(ref), () => new Activity(ref))
    ).content!;
    const mark = receiver.mark();
    await onRecord(ws, 'a1', (a) => a.delete(1_700_000_001_000));
    const body = verify(secret, await nextActivityCall(mark, 'activity.delete', 'a1'));
    expect(body).toMatchObject({ event: 'activity.delete', timestamp: 1_700_000_001_000 });
    expect(body.data).toEqual({
      metadata: {
        apiKey: ws.apiKey,
        organizationId: 'org',
        documentId: 'doc',
        locationId: 'loc-1',
      },
      activity: activityView(ref, before),
    });
  });

  it('offers the same payloads for events read again, whatever happened since', async () => {
    const store = t.app.get(EventStore);
    const manager = t.app.get(DataSource).manager;
    const history = await store.readStream(activityStream(refOf(ws, 'a1')), manager);
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
    expect(stored).toHaveLength(4);
    for (const offer of offers) {
      const row = stored.find((r) => r.event_id === offer.eventId)!;
      const { webhookId: _w, ...sent } = JSON.parse(openPayload(box, row.sealed_payload));
      expect(sent).toEqual(offer.payload);
    }
  });

  it('sends nothing for a key without destinations', async () => {
    await onRecord(theirs, 'theirs', (a) => a.log(content()));
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
