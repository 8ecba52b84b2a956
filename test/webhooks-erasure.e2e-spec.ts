import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { registeredErasers } from '@app/platform';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { WEBHOOK_DELIVERIES_KIND } from '@app/webhooks';
import { WebhookReceiver } from './support/webhook-receiver';

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };
/** How long the receiver holds its first call: the next delivery waits behind it, claimed. */
const HELD_MS = 2_500;

interface Row {
  delivery_id: string;
  status: string;
  last_error: string | null;
  claimed: boolean;
}

// D8.3 with D11: a delivery whose payload is erased after the worker claimed it, while it
// waits its turn, is not sent (it is read again before it goes).
describe('webhook delivery erased while claimed', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start((_call, index) =>
      index === 0 ? { status: 200, delayMs: HELD_MS } : 200,
    );
    // One attempt at a time to the destination: the second waits behind the held first.
    t = await createTestApp({
      config: { webhookAllowPrivateTargets: true, webhookDestinationConcurrency: 1 },
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
    const updated = await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: `${receiver.url}/raw` },
      },
      h,
    );
    if (updated.status !== 200) throw new Error(`configuration refused: ${updated.status}`);
    await t.post(
      '/v2/organizations/documents/add',
      { ...doc, createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const rows = (): Promise<Row[]> =>
    t.app.get(DataSource).query(
      `SELECT delivery_id, status, last_error, claimed_until IS NOT NULL AS claimed
       FROM webhook_deliveries WHERE event_type = 'comment_annotation.add' ORDER BY created_at`,
    );
  const annotate = (annotationId: string, from: typeof ann) =>
    t.post(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [{ annotationId, commentData: [{ commentText: 'hi', from }] }],
      },
      h,
    );

  it('does not send it: it ends failed, "payload erased"', async () => {
    expect((await annotate('by-bob', bob)).status).toBe(200);
    await waitFor(async () => receiver.calls.length === 1 || undefined); // held by the receiver
    expect((await annotate('by-ann', ann)).status).toBe(200);
    const [first, erased] = await waitFor(async () => {
      const found = await rows();
      return found.length === 2 && found[1].claimed ? found : undefined;
    });
    const eraser = registeredErasers(t.app.get(DiscoveryService)).find((e) =>
      e.kinds.includes(WEBHOOK_DELIVERIES_KIND),
    )!;
    const subject = {
      apiKey: h['x-service-api-key'],
      organizationId: doc.organizationId,
      userIds: [ann.userId],
      words: [ann.name, ann.email],
      metadata: { apiKey: h['x-service-api-key'], actor: 'test', causationId: 'test' },
    };
    // The trigger is caught up at once or soon: the eraser refuses to run before.
    const count = await waitFor(async () =>
      eraser.erase(WEBHOOK_DELIVERIES_KIND, subject).catch(() => undefined),
    );
    expect(count).toBe(1);
    // The held call is answered; the erased delivery's turn comes, and goes without a call.
    await waitFor(async () => {
      const [done] = (await rows()).filter((r) => r.delivery_id === first.delivery_id);
      return done.status === 'delivered' || undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.calls.map((c) => c.headers['webhook-id'])).toEqual([first.delivery_id]);
    const [after] = (await rows()).filter((r) => r.delivery_id === erased.delivery_id);
    expect(after).toMatchObject({ status: 'failed', last_error: 'payload erased', claimed: false });
  });
});
