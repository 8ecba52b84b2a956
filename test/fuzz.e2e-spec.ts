import { DiscoveryService } from '@nestjs/core';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { Subscriber, SubscriptionRunner, type EventSubscriber } from '@app/event-store';
import { createTestApp, waitFor, type TestApp, type TestWorkspace } from '@app/testing';
import {
  envelopeProblem,
  errorStatus,
  failure,
  inPool,
  malformedInEvent,
  postRaw,
  report,
  stable,
  type Answer,
  type Failure,
} from './support/fuzz-harness';
import { A_ONLY, ann, bob, SEEDS, type FuzzContext, type Seed } from './support/fuzz-seeds';
import { variantsOf, type Expectation } from './support/fuzz-variants';

const CONCURRENCY = 8;

/** One request to send: a route, a body as raw text, credentials, and what must come back. */
interface Probe {
  route: string;
  variant: string;
  body: string;
  headers: () => Record<string, string>;
  expect: Expectation | 'unauthenticated' | 'other-tenant';
  /** A failure code that does not count against the variant (op 13's credential fields). */
  anyRefusal?: boolean;
}

// Every route of the OpenAPI document, from a valid seed, with malformed variants of every
// field and every kind of wrong credentials: never a 5xx, always an envelope, malformed input
// refused, and nothing malformed stored (reads of the protected data unchanged, the log clean,
// subscriptions caught up, nothing parked).
describe('fuzzing every operation', () => {
  let t: TestApp;
  let server: Server;
  let ctx: FuzzContext;
  let routes: string[];
  const failures: Failure[] = [];
  const before = new Map<string, unknown>();

  const wsOf = (seed: Seed): TestWorkspace => (seed.tenant === 's' ? ctx.s : ctx.a);

  function headersOf(seed: Seed, ws: TestWorkspace): Record<string, string> {
    if (seed.auth === 'admin') return { 'x-service-admin-token': t.adminToken };
    if (seed.auth === 'workspace') return t.workspaceHeaders(ws);
    if (seed.auth === 'apiKey') return t.apiKeyHeaders(ws);
    return {};
  }

  /** The seed's data sent by `ws` (op 13 carries the credentials in the body). */
  function seedData(seed: Seed, ws: TestWorkspace): Record<string, unknown> {
    const data = seed.data(ctx);
    if (seed.auth === 'body') return { ...data, apiKey: ws.apiKey, authToken: ws.authToken };
    return data;
  }

  async function post(path: string, data: unknown, headers: Record<string, string>) {
    const res = await t.post(path, data, headers);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.result?.data;
  }

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    const a = await t.createWorkspace('a@example.com');
    const b = await t.createWorkspace('b@example.com');
    const s = await t.createWorkspace('s@example.com');
    const h = t.apiKeyHeaders(a);
    // Protected data (organization `org`) and the scratch organization `sorg`.
    await post(
      '/v1/organizations/add',
      {
        organizations: [
          { organizationId: 'org', organizationName: 'Org' },
          { organizationId: 'sorg', organizationName: 'Scratch' },
        ],
      },
      h,
    );
    await post(
      '/v2/organizations/folders/add',
      { organizationId: 'org', folders: [{ folderId: 'f', folderName: 'Folder' }] },
      h,
    );
    await post(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        folderId: 'f',
        documents: [{ documentId: 'doc', documentName: `Doc ${A_ONLY}` }],
      },
      h,
    );
    await post(
      '/v2/organizations/documents/add',
      { organizationId: 'sorg', documents: [{ documentId: 'sdoc' }] },
      h,
    );
    await post(
      '/v2/users/add',
      { organizationId: 'org', users: [{ userId: 'ann', name: `Ann ${A_ONLY}` }] },
      h,
    );
    await post(
      '/v2/users/add',
      { organizationId: 'org', documentId: 'doc', users: [{ ...ann, name: 'Ann' }] },
      h,
    );
    await post('/v2/users/add', { organizationId: 'org', folderId: 'f', users: [ann] }, h);
    const docOf = { organizationId: 'org', documentId: 'doc' };
    await post(
      '/v2/commentannotations/add',
      {
        ...docOf,
        commentAnnotations: [
          {
            annotationId: 'a1',
            location: { id: 'loc-1' },
            commentData: [{ commentText: `Note ${A_ONLY}`, from: ann }],
          },
        ],
      },
      h,
    );
    await post(
      '/v2/commentannotations/add',
      {
        organizationId: 'sorg',
        documentId: 'sdoc',
        commentAnnotations: [
          { annotationId: 'sa', commentData: [{ from: ann }] },
          { annotationId: 'sd', commentData: [{ from: ann }] },
        ],
      },
      h,
    );
    await post(
      '/v2/reactions/add',
      { ...docOf, reactions: [{ reactionId: 'r1', icon: 'STAR', from: bob }] },
      h,
    );
    await post(
      '/v2/recordings/add',
      { ...docOf, recordings: [{ recordingId: 'rec1', from: ann, displayName: A_ONLY }] },
      h,
    );
    await post('/v2/crdt/add', { ...docOf, editorId: 'e1', type: 'text', data: A_ONLY }, h);
    await post('/v2/presence/add', { ...docOf, users: [ann] }, h);
    await post(
      '/v1/notifications/add',
      {
        ...docOf,
        notificationId: 'n1',
        actionUser: bob,
        displayHeadlineMessageTemplate: `Note ${A_ONLY}`,
        notifyUsers: [ann],
        notifyAll: false,
        location: { id: 'loc-1' },
      },
      h,
    );
    await post(
      '/v2/notifications/config/set',
      { organizationId: 'org', documentIds: ['doc'], userIds: ['ann'], config: { inbox: 'NONE' } },
      h,
    );
    const migration = await post(
      '/v2/organizations/documents/migrate',
      { organizationId: 'org', documentId: 'ghost-doc', newDocumentId: 'ghost-new' },
      h,
    );
    const deletion = await t
      .post('/v2/users/data/delete', { userIds: ['ghost-user'] }, h)
      .expect(202);
    const page = await t.post('/v2/organizations/get', { pageSize: 1 }, h).expect(200);
    const sh = t.apiKeyHeaders(s);
    // Organization lifecycle seeds (D6.9) act in S: folders to delete and update, a deletion to read.
    await post(
      '/v2/organizations/folders/add',
      {
        organizationId: 'fuzz-org',
        createOrganization: true,
        folders: [
          { folderId: 'fuzz-doomed-folder', folderName: 'Doomed' },
          { folderId: 'fuzz-folder', folderName: 'Kept' },
        ],
      },
      sh,
    );
    await post(
      '/v2/organizations/add',
      { organizations: [{ organizationId: 'fuzz-gone-org' }] },
      sh,
    );
    const orgDeletion = await post(
      '/v2/organizations/delete',
      { organizationIds: ['fuzz-gone-org'] },
      sh,
    );
    await post('/v2/workspace/domains/add', { domains: ['remove-me.example.com'] }, sh);
    await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, h);
    await post('/v2/workspace/advancedwebhookconfig/update', { isEnabled: true }, sh);
    const endpoint = await post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: 'https://hooks.example.com/a', description: 'Primary', disabled: true },
      h,
    );
    const deletable = await post(
      '/v2/workspace/advancedwebhook/endpoints/create',
      { url: 'https://hooks.example.com/s', disabled: true },
      sh,
    );
    ctx = {
      a,
      b,
      s,
      migrationId: migration.migrationId,
      deletionJobId: deletion.body.data.jobId,
      organizationsPageToken: page.body.result.nextPageToken,
      endpointId: endpoint.id,
      deletableEndpointId: deletable.id,
      organizationDeletionId: orgDeletion['fuzz-gone-org'].deletionId,
    };
    const docs = await request(server).get('/docs-json').expect(200);
    // A hosted call documented as not served answers only 501 whatever it is sent (nothing to
    // fuzz; openapi.e2e-spec and its own suite check it).
    routes = Object.keys(docs.body.paths).filter(
      (p) => docs.body.paths[p].post && !docs.body.paths[p].post.responses['501'],
    );
  });
  afterAll(() => t?.close());

  it('has a valid seed for every route of the OpenAPI document, and no other', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !SEEDS[r])).toEqual([]);
    expect(Object.keys(SEEDS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('answers every seed with success', async () => {
    const refused: string[] = [];
    for (const route of routes) {
      const seed = SEEDS[route];
      const ws = wsOf(seed);
      const res = await postRaw(
        server,
        route,
        JSON.stringify({ data: seedData(seed, ws) }),
        headersOf(seed, ws),
      );
      if (res.status >= 300) refused.push(`${route}: ${res.status} ${res.text}`);
      if (seed.rotatesCredentials && res.status < 300) rotate(seed, ws, res);
    }
    // What no answered variant may change (the seeds themselves are repeatable no-ops there).
    for (const [key, value] of await protectedReads()) before.set(key, value);
    expect(refused).toEqual([]);
  });

  /** A reset workspace or API-key token: the holder's credentials follow it. */
  function rotate(seed: Seed, ws: TestWorkspace, res: Answer) {
    const data = (
      res.body as {
        result?: { data?: { authToken?: string; newAuthToken?: { token?: string } } };
      }
    ).result?.data;
    if (seed.auth === 'workspace' && data?.authToken) ws.workspaceToken = data.authToken;
    if (data?.newAuthToken?.token) ws.authToken = data.newAuthToken.token;
  }

  function probesOf(route: string): Probe[] {
    const seed = SEEDS[route];
    const ws = wsOf(seed);
    const data = seedData(seed, ws);
    const own = () => headersOf(seed, ws);
    const probes: Probe[] = variantsOf(data, seed).map((v) => ({
      route,
      variant: v.name,
      body: v.body,
      headers: own,
      expect: v.expect,
      anyRefusal: (seed.credentialFields ?? []).some((f) => v.name.startsWith(`${f}:`)),
    }));
    const text = (d: unknown) => JSON.stringify({ data: d });
    const wrong: TestWorkspace = { ...ws, workspaceToken: 'wst_wrong', authToken: 'wrong' };
    const auth = (variant: string, body: string, headers: () => Record<string, string>) =>
      probes.push({ route, variant, body, headers, expect: 'unauthenticated' });
    if (seed.auth === 'body') {
      const { apiKey: _k, authToken: _t, ...bare } = data;
      auth('credentials: missing', text(bare), () => ({}));
      auth('credentials: wrong token', text(seedData(seed, wrong)), () => ({}));
      probes.push({
        route,
        variant: 'credentials: another workspace',
        body: text(seedData(seed, ctx.b)),
        headers: () => ({}),
        expect: 'other-tenant',
      });
    } else {
      auth('credentials: missing', text(data), () => ({}));
      auth('credentials: wrong', text(data), () =>
        seed.auth === 'admin' ? { 'x-service-admin-token': 'adm_wrong' } : headersOf(seed, wrong),
      );
      probes.push({
        route,
        variant: 'credentials: another workspace',
        body: text(data),
        headers: () => (seed.auth === 'admin' ? t.workspaceHeaders(ctx.b) : headersOf(seed, ctx.b)),
        expect: seed.auth === 'admin' ? 'unauthenticated' : 'other-tenant',
      });
    }
    return probes;
  }

  function judge(probe: Probe, res: Answer): string | undefined {
    const specified = SEEDS[probe.route].specifiedInternal;
    if (res.status >= 500 && !(specified && specified.test(res.text))) return 'server error';
    const envelope = envelopeProblem(res);
    if (envelope) return envelope;
    const code = errorStatus(res);
    switch (probe.expect) {
      case 'invalid':
        if (res.status < 400) return 'malformed input accepted';
        if (!probe.anyRefusal && code !== 'INVALID_ARGUMENT')
          return `refused with ${code}, not INVALID_ARGUMENT`;
        return undefined;
      case 'unauthenticated':
        if (res.status !== 401 && res.status !== 403) return 'answered without valid credentials';
        return undefined;
      case 'other-tenant': {
        if (res.text.includes(A_ONLY)) return "answered another workspace's data";
        const seed = SEEDS[probe.route];
        if (seed.namesOwnApiKey && res.status < 400) return "acted on another workspace's API key";
        return undefined;
      }
      default:
        return undefined;
    }
  }

  async function send(probe: Probe) {
    const res = await postRaw(server, probe.route, probe.body, probe.headers());
    const problem = judge(probe, res);
    if (problem) failures.push(failure(probe.route, probe.variant, res, problem));
    return res;
  }

  let sent = 0;

  it('answers every malformed body and every wrong credential below 500, in an envelope, refusing what is malformed', async () => {
    const all = routes.map((route) => ({ route, probes: probesOf(route) }));
    const together = all.filter((r) => !SEEDS[r.route].rotatesCredentials);
    await inPool(
      together.flatMap((r) => r.probes),
      CONCURRENCY,
      async (p) => {
        await send(p);
        sent++;
      },
    );
    // A route that resets the credentials it is sent with runs alone, following the new token.
    for (const { route, probes } of all.filter((r) => SEEDS[r.route].rotatesCredentials)) {
      const seed = SEEDS[route];
      for (const p of probes) {
        const res = await send(p);
        sent++;
        if (res.status < 300) {
          const holder = p.expect === 'other-tenant' ? ctx.b : wsOf(seed);
          rotate(seed, holder, res);
        }
      }
    }
    // Once per suite: a body above the 5 MiB limit.
    const huge = await postRaw(
      server,
      '/v1/organizations/add',
      JSON.stringify({
        data: { organizations: [{ organizationId: 'org', organizationName: 'x'.repeat(6 << 20) }] },
      }),
      t.apiKeyHeaders(ctx.a),
    );
    sent++;
    if (huge.status !== 413 || errorStatus(huge) !== 'INVALID_ARGUMENT')
      failures.push(
        failure('/v1/organizations/add', '6 MiB body', huge, 'not 413 INVALID_ARGUMENT'),
      );
    if (process.env.FUZZ_REPORT)
      writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ sent, failures }, null, 1));
    expect(report(failures)).toBe('');
  }, 300_000);

  /** The reads of A's protected data, and A's and the server's settings. */
  async function protectedReads(): Promise<Map<string, unknown>> {
    const a = ctx.a;
    const key = t.apiKeyHeaders(a);
    const space = t.workspaceHeaders(a);
    const doc = { organizationId: 'org', documentId: 'doc' };
    const reads: [string, Record<string, unknown>, Record<string, string>][] = [
      ['/v2/organizations/get', {}, key],
      ['/v2/organizations/folders/get', { organizationId: 'org' }, key],
      ['/v1/organizations/documents/get', { organizationId: 'org' }, key],
      ['/v2/users/get', { organizationId: 'org' }, key],
      ['/v2/users/get', { organizationId: 'org', documentId: 'doc' }, key],
      ['/v2/users/get', { organizationId: 'org', folderId: 'f' }, key],
      ['/v2/commentannotations/get', { organizationId: 'org' }, key],
      ['/v2/reactions/get', { organizationId: 'org' }, key],
      ['/v2/recordings/get', { organizationId: 'org' }, key],
      ['/v2/crdt/get', doc, key],
      ['/v2/presence/get', doc, key],
      ['/v2/notifications/get', { ...doc, pageSize: 100 }, key],
      ['/v2/notifications/get', { organizationId: 'org', userId: 'ann', pageSize: 100 }, key],
      [
        '/v2/notifications/config/get',
        { organizationId: 'org', userId: 'ann', documentIds: ['doc'], getOrganizationConfig: true },
        key,
      ],
      ['/v2/workspace/webhookconfig/get', {}, key],
      ['/v2/workspace/apikeyconfig/get', {}, key],
      ['/v2/workspace/authtokens/get', { apiKey: a.apiKey }, space],
      ['/v2/workspace/aimodelconfig/get', {}, space],
      ['/v2/workspace/domains/get', {}, key],
    ];
    const out = new Map<string, unknown>();
    for (const [path, data, headers] of reads) {
      const res = await t.post(path, data, headers);
      out.set(`${path} ${JSON.stringify(data)}`, { status: res.status, body: stable(res.body) });
    }
    return out;
  }

  it('changed none of the protected data: every read answers as before the fuzzing', async () => {
    expect(before.size).toBeGreaterThan(10);
    const after = await protectedReads();
    const changed = [...before.keys()].filter(
      (k) => JSON.stringify(before.get(k)) !== JSON.stringify(after.get(k)),
    );
    expect(changed.map((k) => ({ read: k, before: before.get(k), after: after.get(k) }))).toEqual(
      [],
    );
  });

  it('stored no malformed value in the event log', async () => {
    const rows: { type: string; stream_id: string; data: unknown }[] = await t.app
      .get(DataSource)
      .query(`SELECT type, stream_id, data FROM events ORDER BY global_position`);
    // One line per kind of problem (array indexes folded), with how often and a stream.
    const found = new Map<string, { count: number; example: string }>();
    for (const row of rows) {
      const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
      for (const problem of malformedInEvent(row.type, data)) {
        const kind = `${row.type}: ${problem.replace(/\[\d+\]/g, '[]')}`;
        const seen = found.get(kind) ?? { count: 0, example: row.stream_id };
        found.set(kind, { ...seen, count: seen.count + 1 });
      }
    }
    expect(
      [...found].sort().map(([kind, { count, example }]) => `${kind} (${count}×, e.g. ${example})`),
    ).toEqual([]);
  });

  it('stays healthy: /health answers 200, every subscription catches up, nothing is parked', async () => {
    const health = await request(server).get('/health');
    expect(health.status).toBe(200);
    const runner = t.app.get(SubscriptionRunner);
    const dataSource = t.app.get(DataSource);
    const ids = t.app
      .get(DiscoveryService)
      .getProviders({ metadataKey: Subscriber.KEY })
      .map((w) => (w.instance as EventSubscriber | undefined)?.subscriptionId)
      .filter((id): id is string => typeof id === 'string');
    expect(ids.length).toBeGreaterThan(0);
    // Drained and checked until every subscription is at the end of the log, or the deadline.
    let lagging = ids;
    let drainError: string | undefined;
    await waitFor(async () => {
      drainError = await runner.drain().then(
        () => undefined,
        (err) => String(err),
      );
      const now: string[] = [];
      for (const id of ids) if (!(await runner.isCaughtUp(id))) now.push(id);
      lagging = now;
      return lagging.length === 0 && !drainError ? true : undefined;
    }).catch(() => undefined);
    expect({ lagging, drainError }).toEqual({ lagging: [], drainError: undefined });
    const checkpoints: { subscription_id: string }[] = await dataSource.query(
      `SELECT subscription_id FROM checkpoints`,
    );
    expect(checkpoints.map((c) => c.subscription_id).sort()).toEqual(expect.arrayContaining(ids));
    const [table] = await dataSource.query(`SELECT to_regclass('parked_events') AS name`);
    const parked = table.name ? await dataSource.query(`SELECT * FROM parked_events LIMIT 20`) : [];
    expect(parked).toEqual([]);
  });
});
