import request from 'supertest';
import { DataSource } from 'typeorm';
import { SubscriptionRunner } from '@app/event-store';
import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';
import { valueOf } from './support/prometheus';

describe('GET /metrics', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  const scrape = async (app = t, headers: Record<string, string> = {}) => {
    const res = await request(app.app.getHttpServer()).get('/metrics').set(headers);
    return res;
  };
  /** Scrapes until `ready` holds (the database gauges are read once a second at most). */
  const scrapeUntil = (ready: (text: string) => boolean) =>
    waitFor(async () => {
      const res = await scrape();
      return ready(res.text) ? res : undefined;
    }, 5_000);

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
  });
  afterAll(() => t.close());

  it('counts HTTP requests by method, route pattern and status, never the raw URL', async () => {
    const h = t.apiKeyHeaders(ws);
    const add = await t.post(
      '/v1/organizations/add',
      { organizations: [{ organizationId: 'm-1', organizationName: 'M' }] },
      h,
    );
    expect(add.status).toBe(200);
    expect((await t.post('/v1/organizations/add', { organizations: [] }, h)).status).toBe(400);
    expect((await t.post('/v2/no/such/path-123', {}, h)).status).toBe(404);
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const http = 'collab_http_request_duration_seconds_count';
    const route = { method: 'POST', route: '/v1/organizations/add' };
    expect(valueOf(res.text, http, { ...route, status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(res.text, http, { ...route, status_code: '400' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(res.text, http, { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(res.text).not.toContain('path-123');
    // Default process metrics, on this application's own registry.
    expect(valueOf(res.text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(res.text).toContain('nodejs_heap_size_total_bytes');
  });

  it('counts events appended by type and times appends', async () => {
    const before = await scrape();
    const type = 'organizations.organization-added';
    const was = valueOf(before.text, 'collab_event_store_events_appended_total', { type }) ?? 0;
    const appends = valueOf(before.text, 'collab_event_store_append_duration_seconds_count') ?? 0;
    const res = await t.post(
      '/v1/organizations/add',
      {
        organizations: [
          { organizationId: 'm-2', organizationName: 'M' },
          { organizationId: 'm-3', organizationName: 'M' },
        ],
      },
      t.apiKeyHeaders(ws),
    );
    expect(res.status).toBe(200);
    const after = await scrape();
    expect(valueOf(after.text, 'collab_event_store_events_appended_total', { type })).toBe(was + 2);
    expect(valueOf(after.text, 'collab_event_store_append_duration_seconds_count')).toBe(
      appends + 1,
    );
  });

  it('shows jobs by queue, name and state from the ledger, and runs by outcome', async () => {
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO jobs (job_id, name, data, status, max_attempts, run_after) VALUES
         ('metrics-failed', 'metrics.probe', '{}', 'failed', 1, now()),
         ('metrics-later', 'metrics.probe', '{}', 'pending', 1, now() + interval '1 hour')`,
    );
    // A document migration runs as jobs.
    const h = t.apiKeyHeaders(ws);
    const added = await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'm-job', createOrganization: true, documents: [{ documentId: 'd1' }] },
      h,
    );
    expect(added.status).toBe(200);
    const started = await t.post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'm-job', documentId: 'd1', newDocumentId: 'd2' },
      h,
    );
    expect(started.status).toBe(200);
    const { migrationId } = started.body.result.data;
    await waitFor(async () => {
      const res = await t.post(
        '/v2/organizations/documents/migrate/status',
        { organizationId: 'm-job', migrationId },
        h,
      );
      return res.body.result?.data?.status === 'completed' ? true : undefined;
    }, 20_000);
    const jobs = 'collab_jobs';
    const probe = { queue: 'jobs', name: 'metrics.probe' };
    // Database gauges are read once a second at most: the next read shows the probes.
    const res = await scrapeUntil(
      (text) => valueOf(text, jobs, { ...probe, state: 'failed' }) === 1,
    );
    expect(valueOf(res.text, jobs, { ...probe, state: 'failed' })).toBe(1);
    expect(valueOf(res.text, jobs, { ...probe, state: 'delayed' })).toBe(1);
    expect(res.text).toMatch(
      /collab_job_runs_total\{queue="jobs",name="[^"]+",outcome="completed"\} [1-9]/,
    );
    expect(res.text).toContain('# TYPE collab_jobs_active gauge');
    expect(res.text).toContain('# TYPE collab_webhook_deliveries_total counter');
    await db.query(`DELETE FROM jobs WHERE job_id LIKE 'metrics-%'`);
  });

  // Last of this app's tests: it stops the background subscription runner.
  it("shows each subscription's lag, in events and seconds, from the database", async () => {
    const runner = t.app.get(SubscriptionRunner);
    await runner.drain();
    const caughtUp = await scrape();
    const lagLines = caughtUp.text
      .split('\n')
      .filter((l) => l.startsWith('collab_subscription_lag_events{'));
    expect(lagLines.length).toBeGreaterThan(0);
    for (const line of lagLines) expect(line).toMatch(/ 0$/);
    // With the runner stopped, a document deletion waits for collaboration.document-data.
    await runner.onModuleDestroy();
    const h = t.apiKeyHeaders(ws);
    const doc = { organizationId: 'm-lag', documentIds: ['gone'] };
    await t.post(
      '/v2/organizations/documents/add',
      { organizationId: 'm-lag', createOrganization: true, documents: [{ documentId: 'gone' }] },
      h,
    );
    expect((await t.post('/v1/organizations/documents/delete', doc, h)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const id = { subscription_id: 'collaboration.document-data' };
    const behind = await scrapeUntil(
      (text) => valueOf(text, 'collab_subscription_lag_events', id) === 1,
    );
    expect(valueOf(behind.text, 'collab_subscription_lag_events', id)).toBe(1);
    expect(valueOf(behind.text, 'collab_subscription_lag_seconds', id)).toBeGreaterThanOrEqual(1);
    await runner.drain();
    const after = await scrapeUntil(
      (text) => valueOf(text, 'collab_subscription_lag_events', id) === 0,
    );
    expect(valueOf(after.text, 'collab_subscription_lag_events', id)).toBe(0);
    expect(valueOf(after.text, 'collab_subscription_lag_seconds', id)).toBe(0);
    expect(valueOf(after.text, 'collab_subscription_parked_events', id)).toBe(0);
  });

  it('is neither rate limited nor wrapped in the envelope', async () => {
    const res = await scrape();
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    expect(res.text.startsWith('{')).toBe(false);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'metrics-token-0123456789';
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: token } });
  });
  afterAll(() => t.close());

  const get = (headers: Record<string, string> = {}) =>
    request(t.app.getHttpServer()).get('/metrics').set(headers);

  it('asks for the bearer token', async () => {
    const none = await get();
    expect(none.status).toBe(401);
    expect(none.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Missing or invalid metrics token' },
    });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await get({ authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await get({ authorization: token })).status).toBe(401);
    const ok = await get({ authorization: `Bearer ${token}` });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('collab_http_request_duration_seconds');
  });
});

describe('GET /metrics while the database is away', () => {
  it('answers with what it has and leaves the database gauges out', async () => {
    const t = await createTestApp();
    try {
      await t.app.get(DataSource).destroy();
      await request(t.app.getHttpServer()).get('/metrics');
      // A collector's errors are counted while the scrape is read: the next one shows them.
      const res = await request(t.app.getHttpServer()).get('/metrics');
      expect(res.status).toBe(200);
      expect(res.text).toContain('process_cpu_user_seconds_total');
      expect(res.text).not.toMatch(/^collab_subscription_lag_events\{/m);
      expect(valueOf(res.text, 'collab_metrics_collect_errors_total', { collector: 'jobs' })).toBe(
        1,
      );
      expect(
        valueOf(res.text, 'collab_metrics_collect_errors_total', { collector: 'subscription_lag' }),
      ).toBe(1);
    } finally {
      await t.close();
    }
  });
});
