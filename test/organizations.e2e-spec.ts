import { jest } from '@jest/globals';
import { EventStore } from '@app/event-store';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';
import { organizationStream } from '../libs/organizations/src/domain/organization.aggregate';
import { countAppendConflicts } from './support/append-conflicts';

// Operations 6, 7 and 8 with D5 (batches, pages) and D6.1/D6.2.
describe('organizations', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
  });
  afterAll(() => t.close());

  const add = (organizations: unknown[]) =>
    t.post('/v1/organizations/add', { organizations }, headers);
  const update = (organizations: unknown[]) =>
    t.post('/v2/organizations/update', { organizations }, headers);
  const get = (data: Record<string, unknown>, h = headers) =>
    t.post('/v2/organizations/get', data, h);

  it('adds organizations: a batch map keyed by id, extra fields kept as metadata (op 6, D6.1)', async () => {
    const res = await add([
      { organizationId: 'org-a', organizationName: 'Org A', plan: 'pro', seats: 5 },
      { organizationId: 'org-b', organizationName: 'Org B' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Organization(s) added successfully.',
        data: {
          'org-a': { success: true, id: 'org-a', message: 'Added Successfully' },
          'org-b': { success: true, id: 'org-b', message: 'Added Successfully' },
        },
      },
    });
    const read = await get({ organizationIds: ['org-a'] });
    expect(read.status).toBe(200);
    expect(read.body.result.message).toBe('Organization(s) retrieved successfully.');
    expect(read.body.result).not.toHaveProperty('nextPageToken');
    const [org] = read.body.result.data;
    expect(org).toEqual({
      id: 'org-a',
      organizationName: 'Org A',
      disabled: false,
      createdAt: expect.any(Number),
      lastUpdated: org.createdAt,
      plan: 'pro',
      seats: 5,
    });
    expect(Math.abs(org.createdAt - Date.now())).toBeLessThan(60_000);
  });

  it('fails every occurrence of a repeated id alone, applying the rest; an existing id succeeds (D5.2, D5.3)', async () => {
    const res = await add([
      { organizationId: 'org-a', organizationName: 'Org A' },
      { organizationId: 'org-dup', organizationName: 'one' },
      { organizationId: 'org-c', organizationName: 'Org C' },
      { organizationId: 'org-dup', organizationName: 'two' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('success');
    expect(res.body.result.data).toEqual({
      'org-a': { success: true, id: 'org-a', message: 'Added Successfully' },
      'org-dup': {
        success: false,
        id: 'org-dup',
        message: 'Duplicate id in request',
        code: 'duplicate',
      },
      'org-c': { success: true, id: 'org-c', message: 'Added Successfully' },
    });
    const read = await get({ organizationIds: ['org-a', 'org-c', 'org-dup'] });
    expect(read.body.result.data.map((o: { id: string }) => o.id)).toEqual(['org-a', 'org-c']);
    expect(read.body.result.data[0].organizationName).toBe('Org A');
  });

  it('adds an organization that exists as an update: the name and metadata given, disabled kept, one update event (op 6, D5.3)', async () => {
    const created = await add([
      { organizationId: 'org-up', organizationName: 'Up', plan: 'basic', seats: 1 },
    ]);
    expect(created.body.result.data['org-up'].success).toBe(true);
    await update([{ organizationId: 'org-up', disabled: true }]);
    const [before] = (await get({ organizationIds: ['org-up'] })).body.result.data;
    // The hosted path and the contract path are one operation (D6.8).
    const res = await t.post(
      '/v2/organizations/add',
      {
        organizations: [
          { organizationId: 'org-up', organizationName: 'Up 2', plan: 'pro', disabled: false },
        ],
      },
      headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Organization(s) added successfully.',
        data: { 'org-up': { success: true, id: 'org-up', message: 'Added Successfully' } },
      },
    });
    const [org] = (await get({ organizationIds: ['org-up'] })).body.result.data;
    expect(org).toEqual({
      id: 'org-up',
      organizationName: 'Up 2',
      disabled: true,
      createdAt: before.createdAt,
      lastUpdated: expect.any(Number),
      plan: 'pro',
      seats: 1,
    });
    expect(org.lastUpdated).toBeGreaterThanOrEqual(before.lastUpdated);
    // Without a name the name stays; the change is an event of the log, as op 7's.
    await add([{ organizationId: 'org-up', note: 'kept' }]);
    const [renamed] = (await get({ organizationIds: ['org-up'] })).body.result.data;
    expect(renamed).toMatchObject({ organizationName: 'Up 2', note: 'kept', seats: 1 });
    const events = await t.app.get(EventStore).readStream(organizationStream(ws.apiKey, 'org-up'));
    expect(events.map((e) => e.type)).toEqual([
      'organizations.organization-added',
      'organizations.organization-updated',
      'organizations.organization-updated',
      'organizations.organization-updated',
    ]);
  });

  it('updates name, disabled and metadata; a missing id fails alone (op 7)', async () => {
    const res = await update([
      { organizationId: 'org-a', organizationName: 'Org A2', disabled: true, tier: 'gold' },
      { organizationId: 'org-missing', organizationName: 'x' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Organization(s) updated successfully.',
        data: {
          'org-a': { success: true, id: 'org-a', message: 'Updated Successfully' },
          'org-missing': {
            success: false,
            id: 'org-missing',
            message: 'Organization does not exist',
            code: 'not-found',
          },
        },
      },
    });
    const [org] = (await get({ organizationIds: ['org-a', 'org-missing'] })).body.result.data;
    expect(org).toMatchObject({
      id: 'org-a',
      organizationName: 'Org A2',
      disabled: true,
      plan: 'pro',
      seats: 5,
      tier: 'gold',
    });
    expect(org.lastUpdated).toBeGreaterThanOrEqual(org.createdAt);
  });

  it.each([
    ['0 items', [], 'data.organizations'],
    [
      '1001 items',
      Array.from({ length: 1001 }, (_, i) => ({ organizationId: `o${i}` })),
      'data.organizations',
    ],
    [
      'a missing organizationId',
      [{ organizationId: 'ok' }, { organizationName: 'x' }],
      'data.organizations[1].organizationId',
    ],
    [
      'a control character',
      [{ organizationId: 'bad\u0001id' }],
      'data.organizations[0].organizationId',
    ],
    [
      'a 513-character id',
      [{ organizationId: 'x'.repeat(513) }],
      'data.organizations[0].organizationId',
    ],
    [
      'a non-boolean disabled',
      [{ organizationId: 'ok', disabled: 'yes' }],
      'data.organizations[0].disabled',
    ],
  ])(
    'refuses %s with INVALID_ARGUMENT naming the field, writing nothing (D5.1)',
    async (_, items, field) => {
      const res = await add(items as unknown[]);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
      const read = await get({ organizationIds: ['ok', 'o0'] });
      expect(read.body.result.data).toEqual([]);
    },
  );

  it.each([
    ['0 items', [], 'data.organizations'],
    [
      '1001 items',
      Array.from({ length: 1001 }, (_, i) => ({ organizationId: `o${i}` })),
      'data.organizations',
    ],
    [
      'a missing organizationId',
      [{ organizationName: 'x' }],
      'data.organizations[0].organizationId',
    ],
  ])('refuses an update with %s (op 7, D5.1)', async (_, items, field) => {
    const res = await update(items as unknown[]);
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe(field);
  });

  it('fails a repeated id in an update alone (op 7, D5.2)', async () => {
    const res = await update([
      { organizationId: 'org-b', organizationName: 'one' },
      { organizationId: 'org-c', organizationName: 'Org C2' },
      { organizationId: 'org-b', organizationName: 'two' },
    ]);
    expect(res.body.result.data).toEqual({
      'org-b': {
        success: false,
        id: 'org-b',
        message: 'Duplicate id in request',
        code: 'duplicate',
      },
      'org-c': { success: true, id: 'org-c', message: 'Updated Successfully' },
    });
    const read = await get({ organizationIds: ['org-b', 'org-c'] });
    expect(
      read.body.result.data.map((o: { organizationName: string }) => o.organizationName),
    ).toEqual(['Org B', 'Org C2']);
  });

  it('refuses a missing organizations array and a bad pageSize', async () => {
    const missing = await t.post('/v1/organizations/add', {}, headers);
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.fields[0].field).toBe('data.organizations');
    for (const pageSize of [0, 1001, 'ten']) {
      const res = await get({ pageSize });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.pageSize');
    }
  });

  it('answers FAILED_PRECONDITION for operation 8 when advanced queries are off (D3.4)', async () => {
    const other = await t.createApiKey(ws);
    const off = await t.post(
      '/v2/workspace/apikeyconfig/update',
      { advancedQueriesEnabled: false },
      t.apiKeyHeaders(other),
    );
    expect(off.status).toBe(200);
    const res = await get({}, t.apiKeyHeaders(other));
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('FAILED_PRECONDITION');
    expect(res.body.error.message).toContain('advancedQueriesEnabled');
  });

  it('loses no update when one organization is updated by parallel requests', async () => {
    await add([{ organizationId: 'org-hot', organizationName: 'Hot' }]);
    // The embedded database runs one transaction at a time, so parallel requests alone never
    // collide there: the first reads of the stream are made stale, as a writer that committed
    // in between would make them, and each such write must be decided again, not lost.
    const store = t.app.get(EventStore);
    const readStreams = store.readStreams.bind(store);
    let stale = 3;
    jest.spyOn(store, 'readStreams').mockImplementation(async (ids, m) => {
      const history = await readStreams(ids, m);
      for (const [id, events] of history) {
        if (id.includes('org-hot') && events.length > 1 && stale > 0) {
          stale -= 1;
          history.set(id, events.slice(0, -1));
        }
      }
      return history;
    });
    const conflicts = countAppendConflicts(store);
    try {
      const writers = Array.from({ length: 12 }, (_, i) =>
        update([{ organizationId: 'org-hot', [`field${i}`]: i }]),
      );
      const answers = await Promise.all(writers);
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(res.body.result.data['org-hot'].success).toBe(true);
      }
    } finally {
      jest.restoreAllMocks();
    }
    expect(conflicts.count()).toBeGreaterThanOrEqual(3);
    const [org] = (await get({ organizationIds: ['org-hot'] })).body.result.data;
    for (let i = 0; i < 12; i++) expect(org[`field${i}`]).toBe(i);
  });
});

describe('organization pages (D5.5)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const ids = Array.from({ length: 2500 }, (_, i) => `org-${String(i).padStart(5, '0')}`);
  /** The status of each chunk of organizations added, checked by the first test. */
  const added: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    headers = t.apiKeyHeaders(await t.createWorkspace());
    // Shuffled input: the order of a page comes from the server, not from the order of adding.
    const shuffled = [...ids].sort(() => Math.random() - 0.5);
    for (let i = 0; i < shuffled.length; i += 1000) {
      const chunk = shuffled.slice(i, i + 1000).map((organizationId) => ({ organizationId }));
      const res = await t.post('/v1/organizations/add', { organizations: chunk }, headers);
      added.push(res.status);
    }
  });
  afterAll(() => t.close());

  it('pages through 2,500 organizations with pageSize 1000: each once, in id order, no token on the last page', async () => {
    expect(added).toEqual([200, 200, 200]);
    const seen: string[] = [];
    const pages: number[] = [];
    let pageToken: string | undefined;
    do {
      const res = await t.post('/v2/organizations/get', { pageSize: 1000, pageToken }, headers);
      expect(res.status).toBe(200);
      pages.push(res.body.result.data.length);
      seen.push(...res.body.result.data.map((o: { id: string }) => o.id));
      pageToken = res.body.result.nextPageToken;
    } while (pageToken);
    expect(pages).toEqual([1000, 1000, 500]);
    expect(seen).toEqual(ids);
  });

  it('defaults pageSize to 1000 and pages a filtered read too', async () => {
    const first = await t.post('/v2/organizations/get', {}, headers);
    expect(first.body.result.data).toHaveLength(1000);
    const filter = ['org-00002', 'org-00001', 'org-02499', 'nope'];
    const a = await t.post(
      '/v2/organizations/get',
      { organizationIds: filter, pageSize: 2 },
      headers,
    );
    expect(a.body.result.data.map((o: { id: string }) => o.id)).toEqual(['org-00001', 'org-00002']);
    const b = await t.post(
      '/v2/organizations/get',
      { organizationIds: filter, pageSize: 2, pageToken: a.body.result.nextPageToken },
      headers,
    );
    expect(b.body.result.data.map((o: { id: string }) => o.id)).toEqual(['org-02499']);
    expect(b.body.result).not.toHaveProperty('nextPageToken');
  });

  it('refuses a token with any byte changed, or used with other filters or another key', async () => {
    const first = await t.post('/v2/organizations/get', { pageSize: 10 }, headers);
    const token: string = first.body.result.nextPageToken;
    const tampered = [
      token.slice(0, 3) + (token[3] === 'A' ? 'B' : 'A') + token.slice(4),
      token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'),
      token + 'x',
      'garbage',
    ];
    for (const pageToken of tampered) {
      const res = await t.post('/v2/organizations/get', { pageSize: 10, pageToken }, headers);
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe('data.pageToken');
    }
    const otherFilter = await t.post(
      '/v2/organizations/get',
      { organizationIds: ['org-00001'], pageToken: token },
      headers,
    );
    expect(otherFilter.status).toBe(400);
    const otherKey = t.apiKeyHeaders(await t.createWorkspace('other@example.com'));
    const foreign = await t.post('/v2/organizations/get', { pageToken: token }, otherKey);
    expect(foreign.status).toBe(400);
    const good = await t.post('/v2/organizations/get', { pageSize: 10, pageToken: token }, headers);
    expect(good.body.result.data[0].id).toBe('org-00010');
  });
});
