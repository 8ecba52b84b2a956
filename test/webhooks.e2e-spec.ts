import { constants, createDecipheriv, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { WebhookReceiver, type ReceivedCall } from './support/webhook-receiver';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const cat = { userId: 'cat', name: 'Cat Green', email: 'cat@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };
const AUTH = Buffer.from('hooks:s3cret').toString('base64');

/** Checks a call the way a customer's server would, and answers its JSON body. */
function verified(secret: string, call: ReceivedCall): any {
  const payload = new Webhook(secret).verify(call.body, {
    'webhook-id': String(call.headers['webhook-id']),
    'webhook-timestamp': String(call.headers['webhook-timestamp']),
    'webhook-signature': String(call.headers['webhook-signature']),
  });
  return payload;
}

// D11: collaboration changes reach the customer's receivers, signed, for each of the nine triggers.
describe('webhook delivery', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let receiver: WebhookReceiver;
  let secret: string;
  /** The answer to the configuration update, checked by the first test. */
  let configured: number;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, webhookRetryScale: 0.0002 },
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
    const updated = await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: AUTH,
          rawNotificationUrl: `${receiver.url}/raw`,
          processedNotificationUrl: `${receiver.url}/processed`,
        },
      },
      h,
    );
    configured = updated.status;
    secret = (await t.post('/v2/workspace/webhookconfig/get', {}, h)).body.result.data
      .signingSecret;
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

  /** The raw and processed calls of one trigger, after the change that makes it. */
  async function both(event: string, match: (body: any) => boolean = () => true) {
    const of = (b: any) => b.event === event && match(b);
    const raw = await receiver.next('/raw', of);
    const processed = await receiver.next('/processed', of);
    return {
      raw,
      processed,
      rawBody: verified(secret, raw),
      processedBody: verified(secret, processed),
    };
  }

  it('takes the webhook configuration that every test below delivers to', () => {
    expect(configured).toBe(200);
  });

  it('comment_annotation.add: D11.2 payload, signed, with Basic auth; processed with recipients', async () => {
    await t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId: 'a1',
            location: { id: 'loc-1' },
            commentData: [
              {
                commentText: 'Hey {{bob}}, <b>look</b>',
                from: ann,
                taggedUserContacts: [{ userId: 'bob', contact: bob }],
              },
            ],
          },
        ],
      },
      h,
    );
    const { raw, rawBody, processedBody } = await both('comment_annotation.add');
    expect(raw.headers.authorization).toBe(`Basic ${AUTH}`);
    expect(raw.headers['content-type']).toBe('application/json');
    expect(rawBody).toMatchObject({
      webhookId: raw.headers['webhook-id'],
      event: 'comment_annotation.add',
      actionType: 'add',
      platform: 'sdk',
      timestamp: expect.any(Number),
      data: {
        actionUser: ann,
        metadata: {
          apiKey: expect.any(String),
          organizationId: 'org',
          documentId: 'doc',
          locationId: 'loc-1',
        },
        commentAnnotation: { annotationId: 'a1', comments: [{ commentId: 1, from: ann }] },
        targetComment: { commentId: 1 },
      },
    });
    expect(rawBody.recipients).toBeUndefined();
    expect(processedBody.recipients).toEqual([
      { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com', reason: 'tagged' },
    ]);
    expect(processedBody.commentText).toBe('Hey @Bob Jones, look');
  });

  it('comment.add, comment.update, comment.delete', async () => {
    await t.post(
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'a1', commentData: [{ commentText: 'Reply', from: cat }] },
      h,
    );
    const added = await both('comment.add');
    expect(added.rawBody.data).toMatchObject({
      actionUser: cat,
      targetComment: { commentId: 2, commentText: 'Reply' },
    });
    expect(added.processedBody.recipients).toEqual(
      expect.arrayContaining([
        { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com', reason: 'participant' },
      ]),
    );
    expect(added.processedBody.recipients.map((r: any) => r.userId)).not.toContain('cat');

    await t.post(
      '/v2/commentannotations/comments/update',
      { ...doc, annotationId: 'a1', commentIds: [2], updatedData: { commentText: 'Reply 2' } },
      h,
    );
    const updated = await both('comment.update');
    expect(updated.rawBody.data.targetComment.commentText).toBe('Reply 2');

    await t.post(
      '/v2/commentannotations/comments/delete',
      { ...doc, annotationId: 'a1', commentIds: [2] },
      h,
    );
    const deleted = await both('comment.delete');
    expect(deleted.rawBody.data.targetComment.commentId).toBe(2);
    expect(deleted.rawBody.data.commentAnnotation.comments.map((c: any) => c.commentId)).toEqual([
      1,
    ]);
  });

  it('comment_annotation.status_change, .assign and .priority_change', async () => {
    const update = (updatedData: Record<string, unknown>) =>
      t.post('/v2/commentannotations/update', { ...doc, annotationIds: ['a1'], updatedData }, h);
    await update({ status: { id: 'RESOLVED', type: 'terminal' } });
    const status = await both('comment_annotation.status_change');
    expect(status.rawBody.data.change).toEqual({
      from: null,
      to: { id: 'RESOLVED', type: 'terminal' },
    });

    await update({ assignedTo: cat });
    const assigned = await both('comment_annotation.assign');
    expect(assigned.rawBody.data.change.to).toEqual(cat);
    expect(assigned.processedBody.recipients).toEqual(
      expect.arrayContaining([expect.objectContaining({ userId: 'cat', reason: 'assigned' })]),
    );

    await update({ priority: { id: 'P1', name: 'High' } });
    const priority = await both('comment_annotation.priority_change');
    expect(priority.rawBody.data.commentAnnotation.priority).toEqual({ id: 'P1', name: 'High' });
  });

  it('comment.reaction_add and comment.reaction_delete', async () => {
    const reaction = { ...doc, annotationId: 'a1', commentId: 1, icon: 'HEART', user: bob };
    await t.post('/v2/commentannotations/reactions/add', reaction, h);
    const added = await both('comment.reaction_add');
    expect(added.rawBody.data).toMatchObject({ actionUser: bob, reaction: { icon: 'HEART' } });
    await t.post('/v2/commentannotations/reactions/delete', reaction, h);
    const removed = await both('comment.reaction_delete');
    expect(removed.rawBody.data.actionUser).toEqual({ userId: 'bob' });
  });

  it('sends each event once per destination, with a stable webhook-id', async () => {
    await t.settle();
    const ids = receiver.calls.map((c) => `${c.path} ${c.headers['webhook-id']}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.matching('/raw')).toHaveLength(9);
    expect(receiver.matching('/processed')).toHaveLength(9);
  });

  it('sends only enabled triggers, and nothing once the service is off', async () => {
    await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { triggers: { 'comment.add': false } } },
      h,
    );
    const before = receiver.calls.length;
    const add = (text: string) =>
      t.post(
        '/v2/commentannotations/comments/add',
        { ...doc, annotationId: 'a1', commentData: [{ commentText: text, from: cat }] },
        h,
      );
    await add('not sent');
    await t.post(
      '/v2/commentannotations/update',
      { ...doc, annotationIds: ['a1'], updatedData: { status: { id: 'OPEN' } } },
      h,
    );
    await receiver.next(
      '/raw',
      (b) => b.event === 'comment_annotation.status_change' && b.data.change.to.id === 'OPEN',
    );
    await t.settle();
    expect(receiver.calls.slice(before).map((c) => JSON.parse(c.body).event)).toEqual([
      'comment_annotation.status_change',
      'comment_annotation.status_change',
    ]);
    await t.post('/v2/workspace/webhookconfig/update', { useWebhookService: false }, h);
    const off = receiver.calls.length;
    await t.post(
      '/v2/commentannotations/update',
      { ...doc, annotationIds: ['a1'], updatedData: { status: { id: 'CLOSED' } } },
      h,
    );
    await t.settle();
    expect(receiver.calls.length).toBe(off);
    await t.post(
      '/v2/workspace/webhookconfig/update',
      { useWebhookService: true, webhookServiceConfig: { triggers: { 'comment.add': true } } },
      h,
    );
  });

  it('encodes (encodeData) and encrypts (encryptData wins) bodies as D11.3 says', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { encodeData: true } },
      h,
    );
    const add = (text: string) =>
      t.post(
        '/v2/commentannotations/comments/add',
        { ...doc, annotationId: 'a1', commentData: [{ commentText: text, from: cat }] },
        h,
      );
    await add('encoded');
    const encoded = await receiver.next('/raw', (b) => typeof b.encodedPayload === 'string');
    const decoded = JSON.parse(
      Buffer.from(verified(secret, encoded).encodedPayload, 'base64').toString('utf8'),
    );
    expect(decoded.data.targetComment.commentText).toBe('encoded');

    await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { encryptData: true, publicKey: der } },
      h,
    );
    await add('secret text');
    const encrypted = await receiver.next('/raw', (b) => typeof b.encryptedData === 'string');
    const body = verified(secret, encrypted);
    expect(Object.keys(body).sort()).toEqual(['encryptedData', 'encryptedKey', 'iv']);
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.encryptedKey, 'base64'),
    );
    const decipher = createDecipheriv('aes-256-cbc', key, Buffer.from(body.iv, 'base64'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body.encryptedData, 'base64')),
      decipher.final(),
    ]).toString('utf8');
    expect(JSON.parse(plain).data.targetComment.commentText).toBe('secret text');
    expect(encrypted.body).not.toContain('secret text');
    await t.post(
      '/v2/workspace/webhookconfig/update',
      { webhookServiceConfig: { encryptData: false, encodeData: false, publicKey: '' } },
      h,
    );
  });

  it('retries failures on the schedule with the same webhook-id, each attempt signed; 410 stops', async () => {
    let failuresLeft = 2;
    receiver.respond = (call) =>
      call.path === '/raw' && call.body.includes('flaky') && failuresLeft-- > 0
        ? 500
        : call.body.includes('gone')
          ? 410
          : 200;
    try {
      await t.post(
        '/v2/commentannotations/comments/add',
        { ...doc, annotationId: 'a1', commentData: [{ commentText: 'flaky', from: cat }] },
        h,
      );
      const calls = await waitFor(async () => {
        const found = receiver.matching(
          '/raw',
          (b) => b.data?.targetComment?.commentText === 'flaky',
        );
        return found.length >= 3 ? found : undefined;
      }, 20_000);
      expect(new Set(calls.map((c) => c.headers['webhook-id'])).size).toBe(1);
      // Each attempt is signed when it is made (its own webhook-timestamp) and verifies.
      for (const c of calls) verified(secret, c);
      const [row3] = await waitFor(async () => {
        const [r] = await t.app
          .get(DataSource)
          .query(`SELECT status, attempts FROM webhook_deliveries WHERE delivery_id = $1`, [
            calls[0].headers['webhook-id'],
          ]);
        return r.status === 'delivered' ? [r] : undefined;
      });
      expect(row3).toEqual({ status: 'delivered', attempts: 3 });
      // The third attempt waited 5 min × WEBHOOK_RETRY_SCALE (60 ms here) after the second.
      expect(calls[2].at - calls[1].at).toBeGreaterThanOrEqual(55);

      await t.post(
        '/v2/commentannotations/comments/add',
        { ...doc, annotationId: 'a1', commentData: [{ commentText: 'gone', from: cat }] },
        h,
      );
      const gone = await receiver.next(
        '/raw',
        (b) => b.data?.targetComment?.commentText === 'gone',
      );
      const [row] = await waitFor(async () => {
        const r = await t.app
          .get(DataSource)
          .query(
            `SELECT status, attempts, last_http_status FROM webhook_deliveries WHERE delivery_id = $1`,
            [gone.headers['webhook-id']],
          );
        return r[0]?.status === 'failed' ? r : undefined;
      });
      expect(row).toEqual({ status: 'failed', attempts: 1, last_http_status: 410 });
    } finally {
      receiver.respond = () => 200;
    }
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    receiver.respond = (call) =>
      call.path === '/raw' && call.body.includes('moved')
        ? { status: 302, headers: { location: `${receiver.url}/elsewhere` } }
        : 200;
    try {
      await t.post(
        '/v2/commentannotations/comments/add',
        { ...doc, annotationId: 'a1', commentData: [{ commentText: 'moved', from: cat }] },
        h,
      );
      const first = await receiver.next(
        '/raw',
        (b) => b.data?.targetComment?.commentText === 'moved',
      );
      await waitFor(async () => {
        const [r] = await t.app
          .get(DataSource)
          .query(
            `SELECT attempts, last_http_status FROM webhook_deliveries WHERE delivery_id = $1`,
            [first.headers['webhook-id']],
          );
        return r.attempts >= 1 && r.last_http_status === 302 ? r : undefined;
      });
      expect(receiver.calls.filter((c) => c.path === '/elsewhere')).toEqual([]);
    } finally {
      receiver.respond = () => 200;
    }
  });
});
