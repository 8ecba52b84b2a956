import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { EventStore } from '@app/event-store';
import { SecretBox } from '@app/platform';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { openPayload } from '@app/webhooks';
import { NotificationWebhookEvents } from '../libs/notifications/src/webhooks/notification-webhook-events';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const NOTIFICATION_TYPES = ['notification.add', 'notification.update', 'notification.delete'];

const verify = (secret: string, call: ReceivedCall) =>
  new Webhook(secret).verify(call.body, {
    'webhook-id': String(call.headers['webhook-id']),
    'webhook-timestamp': String(call.headers['webhook-timestamp']),
    'webhook-signature': String(call.headers['webhook-signature']),
  }) as any;

// Notifications as webhook events (advanced endpoints), and per-user notification settings
// in comment and notification payloads (hosted `users…NotificationsConfig`).
describe('notification webhooks', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let apiKey: string;
  let other: Record<string, string>;
  let otherKey: string;
  let receiver: WebhookReceiver;
  let secret: string;
  let commentSecret: string;
  let rawSecret: string;
  let endpointCreated: { status: number; body: any };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, webhookRetryScale: 0.0002 },
    });
    const ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    apiKey = ws.apiKey;
    const theirs = await t.createWorkspace('other@example.com');
    other = t.apiKeyHeaders(theirs);
    otherKey = theirs.apiKey;
    for (const headers of [h, other]) {
      await t.post(
        '/v2/organizations/documents/add',
        {
          organizationId: 'org',
          createOrganization: true,
          documents: [{ documentId: 'doc' }, { documentId: 'doc2' }],
        },
        headers,
      );
    }
    // Basic URLs (the spec's nine triggers) and two advanced endpoints, one per kind of event.
    await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: `${receiver.url}/raw` },
      },
      h,
    );
    rawSecret = (await t.post('/v2/workspace/webhookconfig/get', {}, h)).body.result.data
      .signingSecret;
    await t.post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, h);
    endpointCreated = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/notifications`, filterTypes: NOTIFICATION_TYPES },
      h,
    );
    const comments = await t.post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: `${receiver.url}/comments`, filterTypes: ['comment_annotation.add'] },
      h,
    );
    const secretOf = async (endpointId: string) =>
      (await t.post('/v2/workspace/advancedwebhook/endpoints/secret/get', { endpointId }, h)).body
        .result.data.secret as string;
    secret = await secretOf(endpointCreated.body.result.data.id);
    commentSecret = await secretOf(comments.body.result.data.id);
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const addNotification = (data: Record<string, unknown>, headers = h) =>
    t.post(
      '/v2/notifications/add',
      {
        organizationId: 'org',
        documentId: 'doc',
        actionUser: ann,
        displayHeadlineMessageTemplate: '{actionUser} wrote',
        ...data,
      },
      headers,
    );
  /** A notification as operation 22 shows it. */
  const shown = async (id: string) => {
    const res = await t.post(
      '/v2/notifications/get',
      { organizationId: 'org', documentId: 'doc' },
      h,
    );
    return res.body.result.data.find((n: { id: string }) => n.id === id);
  };
  const notificationCalls = (event: string, id: string) =>
    receiver.matching('/notifications', (b) => b.event === event && b.data.notification.id === id);
  const userIdsOf = async (eventType: string) =>
    (
      await t.app
        .get(DataSource)
        .query(`SELECT user_ids FROM webhook_deliveries WHERE api_key = $1 AND event_type = $2`, [
          apiKey,
          eventType,
        ])
    ).map((r: { user_ids: string[] }) => [...r.user_ids].sort());

  it('offers the three types to endpoint filters; basic triggers stay the spec nine', async () => {
    expect(endpointCreated.body.result.data.filterTypes).toEqual(NOTIFICATION_TYPES);
    const refused = await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { triggers: { 'notification.add': true } } },
      h,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: {
        fields: [
          expect.objectContaining({
            field: 'data.webhookServiceConfig.triggers.notification.add',
          }),
        ],
      },
    });
  });

  it('notification.add: the notification as operation 22 shows it, signed, to the endpoint only', async () => {
    const mark = receiver.mark();
    const added = await addNotification({
      notificationId: 'n1',
      actionUser: ann,
      displayHeadlineMessageTemplate: '{actionUser} asks {recipientUser}',
      displayHeadlineMessageTemplateData: { actionUser: ann, recipientUser: { userId: 'dee' } },
      displayBodyMessage: 'see {{eve}}',
      notifyUsers: [bob, { userId: 'carl' }],
      location: { id: 'loc-1', locationName: 'Page 1' },
    });
    expect(added.body).toMatchObject({ result: { status: 'success' } });
    const call = await receiver.nextSince(
      mark,
      '/notifications',
      (b) => b.event === 'notification.add',
    );
    const body = verify(secret, call);
    expect(body).toEqual({
      webhookId: call.headers['webhook-id'],
      event: 'notification.add',
      actionType: 'add',
      source: 'notification',
      platform: 'sdk',
      timestamp: expect.any(Number),
      data: {
        metadata: { apiKey, organizationId: 'org', documentId: 'doc', locationId: 'loc-1' },
        notification: await shown('n1'),
      },
    });
    expect(body.data.notification).toMatchObject({
      id: 'n1',
      notificationSource: 'custom',
      notifyUsers: { 'bob@example.com': true, carl: true },
      notifyUsersByUserId: { bob: true, carl: true },
      readByUserIds: [],
    });
    // Every user the payload names, map keys and mentions included, for user data deletion.
    expect(await userIdsOf('notification.add')).toEqual([
      ['ann', 'bob', 'bob@example.com', 'carl', 'dee', 'eve'],
    ]);
    // Neither the basic URL (not a trigger) nor the comment endpoint (its filter) got it.
    await t.settle();
    const log = await t.post(
      '/v2/workspace/webhooks/deliveries/get',
      { eventType: 'notification.add' },
      h,
    );
    expect(log.body.result.data.map((d: any) => [d.destination, d.url, d.status])).toEqual([
      ['endpoint', `${receiver.url}/notifications`, 'delivered'],
    ]);
  });

  it('notification.update: one per update call, with what it changed in the call’s words', async () => {
    const mark = receiver.mark();
    const updated = await t.post(
      '/v2/notifications/update',
      {
        organizationId: 'org',
        notifications: [
          {
            id: 'n1',
            displayBodyMessage: 'changed',
            readByUserIds: ['bob'],
            persistReadForUsers: true,
          },
        ],
      },
      h,
    );
    expect(updated.status).toBe(200);
    const call = await receiver.nextSince(
      mark,
      '/notifications',
      (b) => b.event === 'notification.update',
    );
    const body = verify(secret, call);
    expect(body).toEqual({
      webhookId: call.headers['webhook-id'],
      event: 'notification.update',
      actionType: 'update',
      source: 'notification',
      platform: 'sdk',
      timestamp: expect.any(Number),
      data: {
        metadata: { apiKey, organizationId: 'org', documentId: 'doc', locationId: 'loc-1' },
        notification: await shown('n1'),
        changes: {
          displayBodyMessage: 'changed',
          readByUserIds: ['bob'],
          persistReadForUsers: true,
        },
      },
    });
    expect(body.data.notification).toMatchObject({
      displayBodyMessage: 'changed',
      readByUserIds: ['bob'],
    });
    // Read state alone is an update too.
    const readMark = receiver.mark();
    await t.post(
      '/v2/notifications/update',
      { organizationId: 'org', notifications: [{ id: 'n1', readByUserIds: ['carl'] }] },
      h,
    );
    const read = verify(
      secret,
      await receiver.nextSince(
        readMark,
        '/notifications',
        (b) => b.event === 'notification.update',
      ),
    );
    expect(read.data.changes).toEqual({ readByUserIds: ['carl'], persistReadForUsers: false });
    expect(read.data.notification.readByUserIds).toEqual(['bob', 'carl']);
    // The first call (fields and read state: two events) made one webhook, not two.
    await t.settle();
    expect(notificationCalls('notification.update', 'n1')).toHaveLength(2);
  });

  it('notification.delete: the notification as it was', async () => {
    const before = await shown('n1');
    const mark = receiver.mark();
    const deleted = await t.post(
      '/v2/notifications/delete',
      { organizationId: 'org', notificationIds: ['n1'] },
      h,
    );
    expect(deleted.status).toBe(200);
    expect(await shown('n1')).toBeUndefined();
    const call = await receiver.nextSince(
      mark,
      '/notifications',
      (b) => b.event === 'notification.delete',
    );
    expect(verify(secret, call)).toEqual({
      webhookId: call.headers['webhook-id'],
      event: 'notification.delete',
      actionType: 'delete',
      source: 'notification',
      platform: 'sdk',
      timestamp: expect.any(Number),
      data: {
        metadata: { apiKey, organizationId: 'org', documentId: 'doc', locationId: 'loc-1' },
        notification: before,
      },
    });
  });

  it('offers the same payloads for events read again, whatever happened since', async () => {
    const store = t.app.get(EventStore);
    const manager = t.app.get(DataSource).manager;
    const [{ stream_id }] = await manager.query(
      `SELECT stream_id FROM events WHERE type = 'notifications.notification-added'
       AND data->>'notificationId' = 'n1' AND data->>'apiKey' = $1`,
      [apiKey],
    );
    const history = await store.readStream(stream_id, manager);
    const offers = await t.app.get(NotificationWebhookEvents).offer(history, manager);
    // The update call's two events make one offer, for the last of them.
    expect(offers.map((o) => o.eventType)).toEqual([
      'notification.add',
      'notification.update',
      'notification.update',
      'notification.delete',
    ]);
    const box = t.app.get(SecretBox);
    const stored: { event_id: string; sealed_payload: string }[] = await manager.query(
      `SELECT event_id, sealed_payload FROM webhook_deliveries
       WHERE api_key = $1 AND event_type LIKE 'notification.%'`,
      [apiKey],
    );
    expect(stored).toHaveLength(4);
    for (const offer of offers) {
      const row = stored.find((r) => r.event_id === offer.eventId)!;
      const { webhookId: _w, ...sent } = JSON.parse(openPayload(box, row.sealed_payload));
      expect(sent).toEqual(offer.payload);
    }
  });

  it('sends nothing for a key without destinations', async () => {
    const theirs = await addNotification({ notificationId: 'theirs', notifyUsers: [bob] }, other);
    expect(theirs.body).toMatchObject({ result: { status: 'success' } });
    await t.settle();
    expect(receiver.matching('/notifications', (b) => b.data.metadata.apiKey === otherKey)).toEqual(
      [],
    );
    const [{ n }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE api_key = $1`, [otherKey]);
    expect(n).toBe(0);
  });

  it('comment and notification payloads carry the stored settings of the users they name', async () => {
    const set = async (data: Record<string, unknown>, headers = h) => {
      const res = await t.post(
        '/v2/notifications/config/set',
        { organizationId: 'org', ...data },
        headers,
      );
      expect(res.status).toBe(200);
    };
    await set({ userIds: ['bob'], config: { inbox: 'NONE', email: 'ALL' } });
    await set({ userIds: ['ann'], documentIds: ['doc'], config: { email: 'NONE' } });
    // Not named by the payload, another document, another key: none of these shows.
    await set({ userIds: ['zed'], config: { inbox: 'NONE' } });
    await set({ userIds: ['bob'], documentIds: ['doc2'], config: { inbox: 'MINE' } });
    await set({ userIds: ['ann'], config: { inbox: 'NONE' } }, other);
    const mark = receiver.mark();
    await t.post(
      '/v2/commentannotations/add',
      {
        organizationId: 'org',
        documentId: 'doc',
        commentAnnotations: [
          {
            annotationId: 'with-settings',
            commentData: [
              {
                commentText: 'Hey {{bob}}',
                from: ann,
                taggedUserContacts: [{ userId: 'bob', contact: bob }],
              },
            ],
          },
        ],
      },
      h,
    );
    const expected = {
      usersOrganizationNotificationsConfig: { bob: { inbox: 'NONE', email: 'ALL' } },
      usersDocumentNotificationsConfig: { ann: { email: 'NONE' } },
    };
    const isThread = (b: any) => b.data?.commentAnnotation?.annotationId === 'with-settings';
    const endpoint = verify(commentSecret, await receiver.nextSince(mark, '/comments', isThread));
    expect(endpoint).toMatchObject({ event: 'comment_annotation.add', ...expected });
    expect(endpoint.usersOrganizationNotificationsConfig).toEqual(
      expected.usersOrganizationNotificationsConfig,
    );
    expect(endpoint.usersDocumentNotificationsConfig).toEqual(
      expected.usersDocumentNotificationsConfig,
    );
    // The basic URL gets the same payload.
    const raw = verify(rawSecret, await receiver.nextSince(mark, '/raw', isThread));
    expect(raw).toMatchObject({ event: 'comment_annotation.add', ...expected });
    expect(raw.usersOrganizationNotificationsConfig).toEqual(
      expected.usersOrganizationNotificationsConfig,
    );

    // A notification to bob on doc2 (from ann): both of bob's levels there, none of ann's.
    await addNotification({
      notificationId: 'n2',
      documentId: 'doc2',
      notifyUsers: [{ userId: 'bob' }],
    });
    const n2 = verify(
      secret,
      await receiver.nextSince(mark, '/notifications', (b) => b.data.notification.id === 'n2'),
    );
    expect(n2.usersOrganizationNotificationsConfig).toEqual({
      bob: { inbox: 'NONE', email: 'ALL' },
    });
    expect(n2.usersDocumentNotificationsConfig).toEqual({ bob: { inbox: 'MINE' } });

    // Two threads of one call (one batch, one query): each carries its own users' settings only.
    await t.post(
      '/v2/commentannotations/add',
      {
        organizationId: 'org',
        documentId: 'doc',
        commentAnnotations: [
          { annotationId: 'solo-ann', commentData: [{ commentText: 'mine', from: ann }] },
          { annotationId: 'solo-bob', commentData: [{ commentText: 'mine', from: bob }] },
        ],
      },
      h,
    );
    const solo = async (annotationId: string) =>
      verify(
        commentSecret,
        await receiver.nextSince(
          mark,
          '/comments',
          (b) => b.data?.commentAnnotation?.annotationId === annotationId,
        ),
      );
    const soloAnn = await solo('solo-ann');
    expect(soloAnn.usersDocumentNotificationsConfig).toEqual({ ann: { email: 'NONE' } });
    expect(soloAnn).not.toHaveProperty('usersOrganizationNotificationsConfig');
    const soloBob = await solo('solo-bob');
    expect(soloBob.usersOrganizationNotificationsConfig).toEqual({
      bob: { inbox: 'NONE', email: 'ALL' },
    });
    expect(soloBob).not.toHaveProperty('usersDocumentNotificationsConfig');

    // A thread of users with no settings carries neither.
    await t.post(
      '/v2/commentannotations/add',
      {
        organizationId: 'org',
        documentId: 'doc',
        commentAnnotations: [
          {
            annotationId: 'without',
            commentData: [{ commentText: 'quiet', from: { userId: 'cat' } }],
          },
        ],
      },
      h,
    );
    const quiet = verify(
      commentSecret,
      await receiver.nextSince(
        mark,
        '/comments',
        (b) => b.data?.commentAnnotation?.annotationId === 'without',
      ),
    );
    expect(quiet).toMatchObject({
      event: 'comment_annotation.add',
      data: { actionUser: { userId: 'cat' } },
    });
    expect(quiet).not.toHaveProperty('usersOrganizationNotificationsConfig');
    expect(quiet).not.toHaveProperty('usersDocumentNotificationsConfig');
  });

  it('user data deletion finds payloads naming a user only as a recipient', async () => {
    const box = t.app.get(SecretBox);
    const payloads = async () =>
      (
        await t.app.get(DataSource).query(
          `SELECT sealed_payload FROM webhook_deliveries
             WHERE api_key = $1 AND sealed_payload IS NOT NULL`,
          [apiKey],
        )
      ).map((r: { sealed_payload: string }) => openPayload(box, r.sealed_payload));
    const namesCarl = (p: string) => /"carl"/.test(p);
    expect((await payloads()).filter(namesCarl).length).toBeGreaterThan(0);
    const started = await t.post('/v2/users/data/delete', { userIds: ['carl'] }, h);
    expect(started.status).toBe(202);
    const jobId = started.body.data.jobId;
    await waitFor(async () => {
      const res = await t.post('/v1/users/data/delete/status', { jobId }, h);
      return res.body.result?.data?.isDeleteCompleted ? true : undefined;
    }, 60_000);
    expect((await payloads()).filter(namesCarl)).toEqual([]);
    // Payloads not naming carl are kept.
    expect((await payloads()).length).toBeGreaterThan(0);
  });
});
