import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { JobQueue, SecretBox } from '@app/platform';
import { createTestApp, type TestApp } from '@app/testing';
import { WebhookReceiver } from './support/webhook-receiver';

// Deliveries left pending by something other than this version's trigger still go out: one of
// the version before batched delivery (its payload sealed without compression), one overdue by
// hours, and one another instance claimed, once its claim lapses. A delivery job an earlier
// instance makes during a rolling deploy ends at once (its delivery is a due row).

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

  it('delivers a pending delivery of an earlier version, its payload sealed uncompressed', async () => {
    const id = 'msg_left_by_the_previous_version';
    const json = await pendingDelivery(id);
    const db = t.app.get(DataSource);

    const call = await receiver.next('/raw', (b) => b.webhookId === id);
    expect(call.headers['webhook-id']).toBe(id);
    expect(call.body).toBe(json);
    await t.settle();
    const [row] = await db.query(
      `SELECT status, attempts, claimed_until FROM webhook_deliveries WHERE delivery_id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'delivered', attempts: 1, claimed_until: null });
  });

  it('completes a delivery job of an earlier version at once, leaving nothing pending', async () => {
    const id = `webhooks.deliver:${randomUUID()}`;
    await t.app.get(JobQueue).enqueue([{ id, name: 'webhooks.deliver', data: { deliveries: [] } }]);
    await t.settle();
    const [job] = await t.app
      .get(DataSource)
      .query(`SELECT status FROM jobs WHERE job_id = $1`, [id]);
    expect(job).toEqual({ status: 'completed' });
  });

  it('delivers one overdue by hours, and one claimed elsewhere only once that claim lapses', async () => {
    await pendingDelivery('msg_overdue', 2 * 3600);
    await pendingDelivery('msg_claimed', 2 * 3600);
    const db = t.app.get(DataSource);
    // Claimed by another instance (its attempt on the wire) for a few seconds more.
    await db.query(
      `UPDATE webhook_deliveries SET claimed_until = now() + interval '3 seconds'
       WHERE delivery_id = 'msg_claimed'`,
    );
    const claimedAt = Date.now();
    const call = await receiver.next('/raw', (b) => b.webhookId === 'msg_overdue');
    expect(call.headers['webhook-id']).toBe('msg_overdue');
    const late = await receiver.next('/raw', (b) => b.webhookId === 'msg_claimed', 10_000);
    expect(late.at).toBeGreaterThanOrEqual(claimedAt + 2_900);
    await t.settle();
    const rows = await db.query(
      `SELECT delivery_id, status FROM webhook_deliveries
       WHERE delivery_id IN ('msg_overdue', 'msg_claimed') ORDER BY delivery_id`,
    );
    expect(rows).toEqual([
      { delivery_id: 'msg_claimed', status: 'delivered' },
      { delivery_id: 'msg_overdue', status: 'delivered' },
    ]);
  });
});
