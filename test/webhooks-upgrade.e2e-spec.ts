import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobQueue, SecretBox } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';
import { WebhookHousekeeping } from '@app/webhooks';
import { WebhookReceiver } from './support/webhook-receiver';

// Deliveries left pending by something other than the trigger still go out: a job of the
// version before batched delivery (`{deliveryId}`, its payload sealed without compression),
// and a pending delivery whose job is gone.

describe('webhook deliveries left pending', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await createTestApp({ config: { webhookAllowPrivateTargets: true } });
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A pending delivery to a new API key's raw URL, written as the previous version did. */
  async function pendingDelivery(id: string, dueSecondsAgo = 0): Promise<string> {
    const h = t.apiKeyHeaders(await t.createWorkspace());
    await t.post(
      '/v2/workspace/webhookconfig/update',
      {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: `${receiver.url}/raw` },
      },
      h,
    );
    const json = JSON.stringify({ webhookId: id, event: 'comment.add', data: { n: 1 } });
    await t.app.get(DataSource).query(
      `INSERT INTO webhook_deliveries (delivery_id, api_key, organization_id, event_id, event_type,
         destination, url, max_attempts, sealed_payload, event_at, next_attempt_at)
       VALUES ($1, $2, 'org', $3, 'comment.add', 'raw', $4, 8, $5, now(),
         now() - make_interval(secs => $6))`,
      [
        id,
        h['x-service-api-key'],
        randomUUID(),
        `${receiver.url}/raw`,
        t.app.get(SecretBox).seal(json),
        dueSecondsAgo,
      ],
    );
    return json;
  }

  it('delivers a pending job of one delivery, its payload sealed uncompressed', async () => {
    const id = 'msg_left_by_the_previous_version';
    const json = await pendingDelivery(id);
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO jobs (job_id, name, data, max_attempts) VALUES ($1, 'webhooks.deliver', $2, 12)`,
      [`webhooks.deliver:${id}`, JSON.stringify({ deliveryId: id })],
    );
    await t.app.get(JobQueue).sweep();

    const call = await receiver.next('/raw', (b) => b.webhookId === id);
    expect(call.headers['webhook-id']).toBe(id);
    expect(call.body).toBe(json);
    await t.settle();
    const [row] = await db.query(
      `SELECT d.status, d.attempts, j.status AS job FROM webhook_deliveries d
       JOIN jobs j ON j.job_id = 'webhooks.deliver:' || d.delivery_id WHERE d.delivery_id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'delivered', attempts: 1, job: 'completed' });
  });

  it('gives a job to a delivery overdue by an hour that no pending job holds, and to no other', async () => {
    await pendingDelivery('msg_stranded', 2 * 3600);
    await pendingDelivery('msg_held', 2 * 3600);
    const db = t.app.get(DataSource);
    // This one's job is pending still (put off by a busy destination, say).
    await db.query(
      `INSERT INTO jobs (job_id, name, data, max_attempts, run_after)
       VALUES ('webhooks.deliver:held', 'webhooks.deliver', $1, 12, now() + interval '1 hour')`,
      [JSON.stringify({ lane: 'x', deliveryIds: ['msg_held'], attempts: [0] })],
    );
    const housekeeping = t.app.get(WebhookHousekeeping);
    expect(await housekeeping.resumeStranded()).toBe(1);
    const call = await receiver.next('/raw', (b) => b.webhookId === 'msg_stranded');
    expect(call.headers['webhook-id']).toBe('msg_stranded');
    await t.settle();
    const rows = await db.query(
      `SELECT delivery_id, status FROM webhook_deliveries
       WHERE delivery_id IN ('msg_stranded', 'msg_held') ORDER BY delivery_id`,
    );
    expect(rows).toEqual([
      { delivery_id: 'msg_held', status: 'pending' },
      { delivery_id: 'msg_stranded', status: 'delivered' },
    ]);
    expect(await housekeeping.resumeStranded()).toBe(0);
  });
});
