import { createTestApp, type TestApp } from '@app/testing';
import { WebhookReceiver } from './support/webhook-receiver';

const doc = { organizationId: 'org', documentId: 'doc' };
const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };

/** The hosted opt-in trigger names (D11.1): taken and stored, with no source here. */
const OPT_IN = [
  'comment_annotation.suggestion_accept',
  'comment_annotation.suggestion_reject',
  'huddle.create',
  'huddle.join',
  'crdt.update_data',
  'recorder.done',
];
const NINE = [
  'comment_annotation.add',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment_annotation.status_change',
  'comment_annotation.assign',
  'comment_annotation.priority_change',
  'comment.reaction_add',
  'comment.reaction_delete',
];
const all = (names: string[], on: boolean) => Object.fromEntries(names.map((n) => [n, on]));

// D11.1: operation 4 accepts the hosted opt-in trigger names, stores them and shows them;
// those with no source here never fire.
describe('webhookconfig: the hosted opt-in triggers (D11.1)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, webhookRetryScale: 0.0002 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const configOf = async (h: Record<string, string>) =>
    (await t.post('/v2/workspace/webhookconfig/get', {}, h)).body.result.data.webhookServiceConfig;

  it('stores every opt-in name given, on or off, and shows it back', async () => {
    const h = t.apiKeyHeaders(await t.createWorkspace('stored@example.com'));
    const triggers = { ...all(OPT_IN, true), 'huddle.join': false, 'comment.add': true };
    const res = await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { triggers } },
      h,
    );
    expect(res.status).toBe(200);
    expect((await configOf(h)).triggers).toEqual(triggers);
    // An unknown name is still refused, naming it.
    const bad = await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { triggers: { 'huddle.leave': true } } },
      h,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.fields[0].field).toBe(
      'data.webhookServiceConfig.triggers.huddle.leave',
    );
    expect((await configOf(h)).triggers).toEqual(triggers);
  });

  it('enabling the service with opt-in names only turns the nine on beside them', async () => {
    const h = t.apiKeyHeaders(await t.createWorkspace('seeded@example.com'));
    await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: 'https://hooks.example.com/raw',
          triggers: { 'comment_annotation.suggestion_accept': true },
        },
      },
      h,
    );
    expect((await configOf(h)).triggers).toEqual({
      ...all(NINE, true),
      'comment_annotation.suggestion_accept': true,
    });
  });

  it('never fires an opt-in trigger: every kind of change sends nothing until one of the nine is on', async () => {
    const h = t.apiKeyHeaders(await t.createWorkspace('silent@example.com'));
    const configured = await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          rawNotificationUrl: `${receiver.url}/raw`,
          triggers: { ...all(NINE, false), ...all(OPT_IN, true) },
        },
      },
      h,
    );
    expect(configured.status).toBe(200);
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'org', createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
    const changes: [string, Record<string, unknown>][] = [
      [
        '/v2/commentannotations/add',
        { ...doc, commentAnnotations: [{ annotationId: 'a1', commentData: [{ from: ann }] }] },
      ],
      [
        '/v2/commentannotations/update',
        { ...doc, annotationIds: ['a1'], updatedData: { status: { id: 'RESOLVED' } } },
      ],
      ['/v2/crdt/add', { ...doc, editorId: 'e1', type: 'text', data: 'one' }],
      ['/v2/crdt/update', { ...doc, editorId: 'e1', type: 'text', data: 'two' }],
      ['/v2/recordings/add', { ...doc, recordings: [{ recordingId: 'r1', from: ann }] }],
      ['/v2/presence/add', { ...doc, users: [ann] }],
    ];
    for (const [path, data] of changes) {
      const res = await t.post(path, data, h);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    await t.settle();
    expect(receiver.calls).toEqual([]);

    // The same configuration delivers as soon as one of the nine is on.
    await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { triggers: { 'comment_annotation.add': true } } },
      h,
    );
    await t.post(
      '/v2/commentannotations/add',
      { ...doc, commentAnnotations: [{ annotationId: 'a2', commentData: [{ from: ann }] }] },
      h,
    );
    const call = await receiver.next('/raw', (b) => b.event === 'comment_annotation.add');
    expect(JSON.parse(call.body).data.commentAnnotation.annotationId).toBe('a2');
    await t.settle();
    expect(receiver.calls).toHaveLength(1);
  });
});
