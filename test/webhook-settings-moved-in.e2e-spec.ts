import { DataSource, type QueryRunner } from 'typeorm';
import { createTestApp, type TestApp } from '@app/testing';
import { runProjectionsCommand } from '../apps/api/src/projections.command';
import { WebhookSettingsEvents1764500000100 } from '../libs/webhooks/src/migrations/1764500000100-webhook-settings-events';

// Advanced webhook settings kept in tables only (before they were event-sourced) are moved
// into each API key's stream by a migration: the same answers before and after, and a
// rebuild from the log gives the rows back.
describe('advanced webhook settings moved into their streams', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(() => t?.close());

  const data = async (path: string, body: unknown, h: Record<string, string>) => {
    const res = await t.post(`/v2/workspace/${path}`, body, h);
    expect(res.status).toBe(200);
    return res.body.result.data;
  };

  it('copies each key config and endpoints as one event; reads, writes and rebuilds go on', async () => {
    const h = t.apiKeyHeaders(await t.createWorkspace());
    const apiKey = h['x-service-api-key'];
    await data('advancedwebhookconfig/update', { isEnabled: true, encodeData: true }, h);
    const first = await data(
      'advancedwebhook/endpoints/create',
      { url: 'https://a.example.com', metadata: { team: 'a' } },
      h,
    );
    await data(
      'advancedwebhook/endpoints/create',
      { url: 'https://b.example.com', disabled: true },
      h,
    );
    await data('advancedwebhook/endpoints/update', { endpointId: first.id, description: 'A' }, h);
    // The highest seq so far, deleted before the move: never to be given again.
    const gone = await data(
      'advancedwebhook/endpoints/create',
      { url: 'https://g.example.com' },
      h,
    );
    const seqOf = async (endpointId: string) =>
      Number(
        (
          await db.query(`SELECT seq FROM webhook_endpoints WHERE endpoint_id = $1`, [endpointId])
        )[0].seq,
      );
    const goneSeq = await seqOf(gone.id);
    await data('advancedwebhook/endpoints/delete', { endpointId: gone.id }, h);
    const reads = async () => ({
      config: await data('advancedwebhookconfig/get', {}, h),
      endpoints: await data('advancedwebhook/endpoints/get', { limit: 10 }, h),
      secret: await data('advancedwebhook/endpoints/secret/get', { endpointId: first.id }, h),
    });
    const before = await reads();

    // Back to the tables-only version: no stream, an identity seq, no version column.
    const migration = new WebhookSettingsEvents1764500000100();
    // Through the app's data source: the embedded database has one connection.
    const runner = { query: (sql: string, params?: unknown[]) => db.query(sql, params) };
    await migration.down(runner as QueryRunner);
    expect(
      await db.query(`SELECT 1 FROM events WHERE stream_id LIKE 'webhook-settings:%'`),
    ).toEqual([]);
    await migration.up(runner as QueryRunner);

    const moved = await db.query(
      `SELECT type, stream_version, data::text AS data FROM events WHERE api_key = $1 AND stream_id LIKE 'webhook-settings:%'`,
      [apiKey],
    );
    expect(moved.map((e: { type: string }) => e.type)).toEqual([
      'webhooks.advanced-settings-moved-in',
    ]);
    expect(moved[0].data).not.toContain(before.secret.secret);
    expect(await reads()).toEqual(before);

    // New writes append after the moved-in event; the next endpoint comes last.
    const third = await data(
      'advancedwebhook/endpoints/create',
      { url: 'https://c.example.com' },
      h,
    );
    expect(await seqOf(third.id)).toBeGreaterThan(goneSeq);
    await data('advancedwebhook/endpoints/delete', { endpointId: first.id }, h);
    // The deleted endpoint's data is out of the moved-in event too.
    const logged = await db.query(
      `SELECT data::text AS data FROM events WHERE stream_id LIKE 'webhook-settings:%'`,
    );
    expect(logged.length).toBeGreaterThan(0);
    for (const { data: text } of logged) {
      expect(text).not.toContain('https://a.example.com');
      expect(text).not.toContain('"team"');
    }
    const after = await data('advancedwebhook/endpoints/get', { limit: 10 }, h);
    expect(after.endpoints.map((e: { id: string }) => e.id)).toEqual([
      before.endpoints.endpoints[1].id,
      third.id,
    ]);
    const rows = () => db.query(`SELECT * FROM webhook_endpoints ORDER BY endpoint_id`);
    const kept = await rows();
    expect(await runProjectionsCommand(t.app, ['rebuild', 'webhook-settings'], () => {})).toBe(0);
    expect(await rows()).toEqual(kept);
  });
});
