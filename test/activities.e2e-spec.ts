import { DataSource } from 'typeorm';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

type View = Record<string, any> & { id: string; timestamp: number };
type Res = { status: number; body: any };
type Headers = Record<string, string>;

const IMMUTABLE = {
  success: false,
  message: 'Activity is immutable.',
  code: 'failed-precondition',
};

// Operations 18 and 19, the hosted read and delete of activity records (D7.1–D7.5).
describe('activities: add (18), update (19), get and delete', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let headers: Headers;
  let other: Headers;

  const post = (path: string, data: Record<string, unknown>, h = headers) =>
    t.post(path, data, h) as Promise<Res>;
  const add = (data: Record<string, unknown>, h = headers) => post('/v2/activities/add', data, h);
  const update = (data: Record<string, unknown>, h = headers) =>
    post('/v2/activities/update', data, h);
  const remove = (data: Record<string, unknown>, h = headers) =>
    post('/v2/activities/delete', data, h);
  const get = (data: Record<string, unknown>, h = headers) => post('/v2/activities/get', data, h);
  const views = async (data: Record<string, unknown>, h = headers): Promise<View[]> => {
    const res = await get(data, h);
    expect(res.status).toBe(200);
    return res.body.result.data as View[];
  };
  const ids = async (data: Record<string, unknown>, h = headers) =>
    (await views(data, h)).map((v) => v.id);

  const item = (id: string | undefined, more: Record<string, unknown> = {}) => ({
    ...(id !== undefined && { id }),
    featureType: 'custom',
    actionType: 'status.change',
    actionUser: { userId: 'ann', name: 'Ann' },
    targetEntityId: 'invoice-1',
    ...more,
  });
  /** Adds records to `org`/`doc` (each test uses its own organization), expecting success. */
  async function log(
    organizationId: string,
    items: Record<string, unknown>[],
    documentId = 'doc',
    h = headers,
  ) {
    const res = await add({ organizationId, documentId, activities: items }, h);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Activity(s) added successfully.',
        data: { success: true, message: 'Activity(s) added successfully.' },
      },
    });
  }
  async function documents(organizationId: string, docs: string[], h = headers) {
    const res = await post(
      '/v2/organizations/documents/add',
      {
        organizationId,
        createOrganization: true,
        documents: docs.map((documentId) => ({ documentId })),
      },
      h,
    );
    expect(res.status).toBe(200);
  }
  const setSwitch = async (key: TestWorkspace, on: boolean) => {
    const res = await t.post(
      '/v2/workspace/apikeyconfig/update',
      { activityServiceEnabled: on },
      t.apiKeyHeaders(key),
    );
    expect(res.status).toBe(200);
  };
  const setImmutable = async (immutable: boolean, h = headers) => {
    const res = await post(
      '/v2/workspace/activityconfig/update',
      { activityServiceConfig: { immutable } },
      h,
    );
    expect(res.status).toBe(200);
  };
  const db = () => t.app.get(DataSource);

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
    const otherKey = await t.createApiKey(ws);
    other = t.apiKeyHeaders(otherKey);
    for (const key of [ws, otherKey]) await setSwitch(key, true);
    // The first enable makes records immutable (hosted default); most tests want them not.
    await setImmutable(false);
    await setImmutable(false, other);
  });
  afterAll(() => t.close());

  describe('add (18)', () => {
    beforeAll(() => documents('org-add', ['doc', 'doc2']));

    it('adds records (spec answer) and reads them back whole in the hosted shape', async () => {
      const before = Date.now();
      await log('org-add', [
        item('full_1', {
          // Other fields of the user are kept as given, one called `extra` too.
          actionUser: {
            userId: 'ann',
            name: 'Ann',
            email: 'ann@example.com',
            role: 'admin',
            extra: { team: 'billing' },
          },
          eventType: 'paid-in-full',
          targetSubEntityId: 'line-3',
          changes: { status: { from: 'open', to: 'paid' } },
          entityData: { amount: 42 },
          entityTargetData: 'any value',
          displayMessageTemplate: '{{user}} marked {{invoice}} paid',
          displayMessageTemplateData: { user: { userId: 'ann' }, invoice: '42' },
          actionIcon: 'https://example.com/icon.png',
          isActivityResolverUsed: true,
          timestamp: 5,
          immutable: true,
        }),
      ]);
      const [view] = await views({ organizationId: 'org-add', activityIds: ['full_1'] });
      expect(view).toEqual({
        id: 'full_1',
        featureType: 'custom',
        actionType: 'status.change',
        eventType: 'paid-in-full',
        actionUser: {
          userId: 'ann',
          name: 'Ann',
          email: 'ann@example.com',
          role: 'admin',
          extra: { team: 'billing' },
        },
        targetEntityId: 'invoice-1',
        targetSubEntityId: 'line-3',
        changes: { status: { from: 'open', to: 'paid' } },
        entityData: { amount: 42 },
        entityTargetData: 'any value',
        displayMessageTemplate: '{{user}} marked {{invoice}} paid',
        displayMessageTemplateData: { user: { userId: 'ann' }, invoice: '42' },
        actionIcon: 'https://example.com/icon.png',
        isActivityResolverUsed: true,
        // The server's, not the caller's.
        immutable: false,
        timestamp: expect.any(Number),
        metadata: { apiKey: ws.apiKey, organizationId: 'org-add', documentId: 'doc' },
      });
      expect(view.timestamp).toBeGreaterThanOrEqual(before);
      expect(view.timestamp).toBeLessThanOrEqual(Date.now());
    });

    it('makes a fresh id for each record without one', async () => {
      await log('org-add', [item(undefined), item(undefined, { featureType: 'comment' })], 'doc2');
      const made = await ids({ organizationId: 'org-add', documentId: 'doc2' });
      expect(made).toHaveLength(2);
      expect(new Set(made).size).toBe(2);
      for (const id of made) expect(id).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    });

    it('replaces the record whose id exists, whole: a retried call leaves one', async () => {
      await log('org-add', [item('again', { actionIcon: 'first', entityData: { v: 1 } })]);
      const [first] = await views({ organizationId: 'org-add', activityIds: ['again'] });
      await log('org-add', [item('again', { actionType: 'status.reopen' })], 'doc2');
      const read = await views({ organizationId: 'org-add', activityIds: ['again'] });
      expect(read).toHaveLength(1);
      expect(read[0].actionType).toBe('status.reopen');
      expect(read[0].metadata.documentId).toBe('doc2');
      expect(read[0]).not.toHaveProperty('actionIcon');
      expect(read[0]).not.toHaveProperty('entityData');
      expect(read[0].timestamp).toBeGreaterThanOrEqual(first.timestamp);
    });

    it.each([
      ['featureType', { featureType: 'video' }, 'data.activities[1].featureType'],
      ['featureType', { featureType: undefined }, 'data.activities[1].featureType'],
      ['actionType', { actionType: '' }, 'data.activities[1].actionType'],
      ['actionType', { actionType: 7 }, 'data.activities[1].actionType'],
      ['actionUser', { actionUser: undefined }, 'data.activities[1].actionUser'],
      ['actionUser', { actionUser: 'ann' }, 'data.activities[1].actionUser'],
      [
        'actionUser.userId',
        { actionUser: { name: 'Ann' } },
        'data.activities[1].actionUser.userId',
      ],
      ['actionUser.userId', { actionUser: { userId: '' } }, 'data.activities[1].actionUser.userId'],
      ['custom target', { targetEntityId: undefined }, 'data.activities[1].targetEntityId'],
      ['changes', { changes: { status: 'paid' } }, 'data.activities[1].changes'],
      ['changes', { changes: ['x'] }, 'data.activities[1].changes'],
      [
        'template data',
        { displayMessageTemplateData: 'x' },
        'data.activities[1].displayMessageTemplateData',
      ],
      ['id', { id: 'has space' }, 'data.activities[1].id'],
      ['id', { id: 'x'.repeat(129) }, 'data.activities[1].id'],
      ['id given twice', { id: 'ok-1' }, 'data.activities[1].id'],
      [
        'isActivityResolverUsed',
        { isActivityResolverUsed: 'yes' },
        'data.activities[1].isActivityResolverUsed',
      ],
    ])('refuses a bad %s naming the field, storing none of the call', async (_, change, field) => {
      const res = await add({
        organizationId: 'org-add',
        documentId: 'doc',
        activities: [item('ok-1'), item('bad-1', change)],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
      expect(await ids({ organizationId: 'org-add', activityIds: ['ok-1', 'bad-1'] })).toEqual([]);
    });

    it.each([
      ['featureType', { featureType: 5 }],
      ['actionType', { actionType: 5 }],
      ['id', { id: 5 }],
    ])('answers a non-string %s by its type', async (name, change) => {
      const res = await add({
        organizationId: 'org-add',
        documentId: 'doc',
        activities: [item('ok-1'), item('bad-1', change)],
      });
      const field = `data.activities[1].${name}`;
      expect(res.body.error.details.fields).toEqual([
        { field, message: `${field} must be a string` },
      ]);
    });

    it('accepts a record of another feature without a target', async () => {
      await log('org-add', [
        item('no-target', { featureType: 'reaction', targetEntityId: undefined }),
      ]);
      expect(await ids({ organizationId: 'org-add', activityIds: ['no-target'] })).toEqual([
        'no-target',
      ]);
    });

    it.each([
      ['organizationId', { organizationId: undefined }, 'data.organizationId'],
      ['documentId', { documentId: 7 }, 'data.documentId'],
      ['activities', { activities: [] }, 'data.activities'],
      ['activities', { activities: 'x' }, 'data.activities'],
    ])('refuses a bad %s', async (_, change, field) => {
      const res = await add({
        organizationId: 'org-add',
        documentId: 'doc',
        activities: [item('x')],
        ...change,
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(field);
    });

    it('needs the organization and the document (NOT_FOUND), storing nothing', async () => {
      const noOrg = await add({
        organizationId: 'org-none',
        documentId: 'doc',
        activities: [item('n1')],
      });
      expect(noOrg.status).toBe(404);
      expect(noOrg.body.error.status).toBe('NOT_FOUND');
      const noDoc = await add({
        organizationId: 'org-add',
        documentId: 'nope',
        activities: [item('n2')],
      });
      expect(noDoc.status).toBe(404);
      expect(noDoc.body.error.status).toBe('NOT_FOUND');
      expect(await ids({ organizationId: 'org-add', activityIds: ['n1', 'n2'] })).toEqual([]);
      expect(await ids({ organizationId: 'org-none' })).toEqual([]);
    });
  });

  describe('update (19)', () => {
    beforeAll(async () => {
      await documents('org-upd', ['doc']);
      await log('org-upd', [
        item('u1', { actionIcon: 'icon', changes: { a: { from: 1, to: 2 } } }),
        item('u2'),
      ]);
    });

    it('changes the fields given, keeps the others, answers per id without id', async () => {
      const res = await update({
        organizationId: 'org-upd',
        activities: [
          {
            id: 'u1',
            changes: { b: { to: 3 } },
            entityData: [1, 2],
            entityTargetData: { c: 1 },
            displayMessageTemplate: 'new {{x}}',
            displayMessageTemplateData: { x: 'y' },
          },
          { id: 'missing', actionIcon: 'x' },
        ],
      });
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'Activity(s) updated successfully.',
          data: {
            u1: { success: true, message: 'Activity updated.' },
            missing: { success: false, message: 'Failed to update activity.', code: 'not-found' },
          },
        },
      });
      const [u1] = await views({ organizationId: 'org-upd', activityIds: ['u1'] });
      expect(u1).toMatchObject({
        actionType: 'status.change',
        actionIcon: 'icon',
        changes: { b: { to: 3 } },
        entityData: [1, 2],
        entityTargetData: { c: 1 },
        displayMessageTemplate: 'new {{x}}',
        displayMessageTemplateData: { x: 'y' },
      });
    });

    it('fails an id given twice, every time it appears', async () => {
      const res = await update({
        organizationId: 'org-upd',
        activities: [
          { id: 'u2', actionIcon: 'a' },
          { id: 'u2', actionIcon: 'b' },
        ],
      });
      expect(res.body.result.data).toEqual({
        u2: { success: false, message: 'Duplicate id in request', code: 'duplicate' },
      });
      const [u2] = await views({ organizationId: 'org-upd', activityIds: ['u2'] });
      expect(u2).not.toHaveProperty('actionIcon');
    });

    it.each([
      ['id', [{ actionIcon: 'x' }], 'data.activities[0].id'],
      ['changes', [{ id: 'u1', changes: { a: 1 } }], 'data.activities[0].changes'],
      [
        'template data',
        [{ id: 'u1', displayMessageTemplateData: [] }],
        'data.activities[0].displayMessageTemplateData',
      ],
      ['activities', [], 'data.activities'],
    ])('refuses a bad %s naming the field', async (_, activities, field) => {
      const res = await update({ organizationId: 'org-upd', activities });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
    });
  });

  describe('get', () => {
    /** 12 records over two calls (two timestamps), spread over documents, targets, users, types. */
    const all: string[] = [];
    beforeAll(async () => {
      await documents('org-get', ['d1', 'd2']);
      for (const [call, documentId] of [
        [0, 'd1'],
        [1, 'd2'],
      ] as const) {
        const items = Array.from({ length: 6 }, (_, i) => {
          const id = `g${call}-${i}`;
          all.push(id);
          return item(id, {
            featureType: i % 2 === 0 ? 'custom' : 'comment',
            actionType: i % 3 === 0 ? 'comment.add' : 'comment.update',
            actionUser: { userId: i < 3 ? 'ann' : 'bob' },
            targetEntityId: i % 2 === 0 ? 't-even' : 't-odd',
          });
        });
        await log('org-get', items, documentId);
        // The second call's records come strictly later.
        const [last] = await views({ organizationId: 'org-get', activityIds: [`g${call}-0`] });
        while (Date.now() <= last.timestamp) await new Promise((r) => setTimeout(r, 1));
      }
    });

    /** Every page of a read, pageSize at a time; the token is absent exactly on the last. */
    async function walk(data: Record<string, unknown>, pageSize: number): Promise<string[]> {
      const seen: string[] = [];
      let pageToken: string | undefined;
      for (let pages = 0; pages < 50; pages++) {
        const res = await get({ ...data, pageSize, ...(pageToken && { pageToken }) });
        expect(res.status).toBe(200);
        expect(res.body.result.message).toBe('Activity(s) retrieved successfully.');
        const page = (res.body.result.data as View[]).map((v) => v.id);
        seen.push(...page);
        pageToken = res.body.result.pageToken;
        if (!pageToken) return seen;
        expect(page).toHaveLength(pageSize);
      }
      throw new Error('the walk did not end');
    }

    it('reads newest first by default, then by id, and oldest first with asc', async () => {
      // Within one call every record has the same timestamp: the id orders them.
      const asc = [...all];
      expect(await ids({ organizationId: 'org-get' })).toEqual([...asc].reverse());
      expect(await ids({ organizationId: 'org-get', order: 'asc' })).toEqual(asc);
      const res = await get({ organizationId: 'org-get' });
      expect(res.body.result).not.toHaveProperty('pageToken');
    });

    it.each([
      ['desc', 5],
      ['asc', 5],
      ['desc', 1],
      ['asc', 12],
      ['asc', 6],
    ] as const)('walks every page (%s, pageSize %d) across the timestamps', async (order, size) => {
      const expected = order === 'asc' ? all : [...all].reverse();
      expect(await walk({ organizationId: 'org-get', order }, size)).toEqual(expected);
    });

    it.each([
      ['documentId', { documentId: 'd2' }, (id: string) => id.startsWith('g1')],
      ['targetEntityId', { targetEntityId: 't-odd' }, (id: string) => Number(id.at(-1)) % 2 === 1],
      ['userId', { userId: 'bob' }, (id: string) => Number(id.at(-1)) >= 3],
      ['featureTypes', { featureTypes: ['custom'] }, (id: string) => Number(id.at(-1)) % 2 === 0],
      [
        'actionTypes',
        { actionTypes: ['comment.add'] },
        (id: string) => Number(id.at(-1)) % 3 === 0,
      ],
      [
        'activityIds',
        { activityIds: ['g0-1', 'g1-2', 'nope'] },
        (id: string) => ['g0-1', 'g1-2'].includes(id),
      ],
      [
        'all at once',
        {
          documentId: 'd1',
          targetEntityId: 't-even',
          userId: 'ann',
          featureTypes: ['custom', 'crdt'],
          actionTypes: ['comment.update', 'comment.add'],
          activityIds: ['g0-0', 'g0-2', 'g1-0', 'g0-4'],
        },
        (id: string) => ['g0-0', 'g0-2'].includes(id),
      ],
      ['empty lists (no filter)', { featureTypes: [], actionTypes: [] }, () => true],
    ])('narrows by %s, in pages both ways', async (_, filter, keep) => {
      const expected = all.filter(keep);
      expect(expected.length).toBeGreaterThan(0);
      const data = { organizationId: 'org-get', ...filter };
      expect(await walk({ ...data, order: 'asc' }, 2)).toEqual(expected);
      expect(await walk(data, 2)).toEqual([...expected].reverse());
    });

    it('refuses a token with other filters, another order or another key', async () => {
      const first = await get({ organizationId: 'org-get', documentId: 'd1', pageSize: 2 });
      const { pageToken } = first.body.result;
      expect(typeof pageToken).toBe('string');
      const same = await get({
        organizationId: 'org-get',
        documentId: 'd1',
        pageSize: 2,
        pageToken,
      });
      expect(same.status).toBe(200);
      for (const [data, h] of [
        [{ organizationId: 'org-get', documentId: 'd2', pageToken }, headers],
        [{ organizationId: 'org-get', documentId: 'd1', userId: 'ann', pageToken }, headers],
        [{ organizationId: 'org-get', documentId: 'd1', order: 'asc', pageToken }, headers],
        [
          { organizationId: 'org-get', documentId: 'd1', featureTypes: ['custom'], pageToken },
          headers,
        ],
        [{ organizationId: 'org-get', documentId: 'd1', pageToken }, other],
        [{ organizationId: 'org-get', documentId: 'd1', pageToken: `${pageToken}x` }, headers],
      ] as const) {
        const res = await get(data, h);
        expect(res.status).toBe(400);
        expect(res.body.error.status).toBe('INVALID_ARGUMENT');
        expect(res.body.error.details.fields[0].field).toBe('data.pageToken');
      }
    });

    it.each([
      ['pageSize', { pageSize: 0 }, 'data.pageSize'],
      ['pageSize', { pageSize: 1001 }, 'data.pageSize'],
      ['pageSize', { pageSize: 'ten' }, 'data.pageSize'],
      ['order', { order: 'newest' }, 'data.order'],
      ['featureTypes', { featureTypes: ['video'] }, 'data.featureTypes'],
      ['actionTypes', { actionTypes: [''] }, 'data.actionTypes'],
      ['activityIds', { activityIds: 'g0-1' }, 'data.activityIds'],
      ['organizationId', { organizationId: undefined }, 'data.organizationId'],
    ])('refuses a bad %s', async (_, change, field) => {
      const res = await get({ organizationId: 'org-get', ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
    });

    it.each([
      ['featureTypes', { featureTypes: 'comment' }, 'data.featureTypes must be an array'],
      ['actionTypes', { actionTypes: 'comment.add' }, 'data.actionTypes must be an array'],
      ['actionTypes', { actionTypes: [5] }, 'each value in data.actionTypes must be a string'],
      ['featureTypes', { featureTypes: [5] }, 'each value in data.featureTypes must be a string'],
    ])('answers %s of the wrong type by the type rule first', async (_, change, message) => {
      const res = await get({ organizationId: 'org-get', ...change });
      expect(res.body.error.details.fields).toEqual([
        { field: message.match(/data\.\w+/)![0], message },
      ]);
    });

    it('takes pageSize 1000', async () => {
      expect(await ids({ organizationId: 'org-get', pageSize: 1000 })).toHaveLength(12);
    });
  });

  describe('delete', () => {
    beforeAll(() => documents('org-del', ['doc', 'other', 'bulk']));

    it('deletes by ids, each answered; a missing one fails alone', async () => {
      await log('org-del', [item('x1'), item('x2'), item('x3')]);
      const res = await remove({ organizationId: 'org-del', activityIds: ['x1', 'x2', 'gone'] });
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'Activity(s) deleted successfully.',
          data: {
            x1: { success: true, id: 'x1', message: 'Activity deleted.' },
            x2: { success: true, id: 'x2', message: 'Activity deleted.' },
            gone: {
              success: false,
              id: 'gone',
              message: 'Failed to delete activity.',
              code: 'not-found',
            },
          },
        },
      });
      expect(await ids({ organizationId: 'org-del', activityIds: ['x1', 'x2', 'x3'] })).toEqual([
        'x3',
      ]);
    });

    it('deletes every record of a document and target together (AND), and ids within them', async () => {
      await log('org-del', [
        item('dt1', { targetEntityId: 'tA' }),
        item('dt2', { targetEntityId: 'tB' }),
      ]);
      await log('org-del', [item('dt3', { targetEntityId: 'tA' })], 'other');
      const res = await remove({
        organizationId: 'org-del',
        documentId: 'doc',
        targetEntityId: 'tA',
      });
      expect(res.body.result.data).toEqual({
        dt1: { success: true, id: 'dt1', message: 'Activity deleted.' },
      });
      const narrowed = await remove({
        organizationId: 'org-del',
        documentId: 'doc',
        activityIds: ['dt3', 'dt2'],
      });
      expect(narrowed.body.result.data).toEqual({
        dt3: {
          success: false,
          id: 'dt3',
          message: 'Failed to delete activity.',
          code: 'not-found',
        },
        dt2: { success: true, id: 'dt2', message: 'Activity deleted.' },
      });
      expect(await ids({ organizationId: 'org-del', activityIds: ['dt1', 'dt2', 'dt3'] })).toEqual([
        'dt3',
      ]);
      const byTarget = await remove({ organizationId: 'org-del', targetEntityId: 'tA' });
      expect(Object.keys(byTarget.body.result.data)).toEqual(['dt3']);
    });

    it('deletes more than 1000 records of a document in transactions of at most 1000', async () => {
      const bulk = Array.from({ length: 1200 }, (_, i) => `bulk-${String(i).padStart(4, '0')}`);
      await log(
        'org-del',
        bulk.slice(0, 1000).map((id) => item(id)),
        'bulk',
      );
      await log(
        'org-del',
        bulk.slice(1000).map((id) => item(id)),
        'bulk',
      );
      await log('org-del', [item('stays')], 'other');
      const res = await remove({ organizationId: 'org-del', documentId: 'bulk' });
      expect(res.status).toBe(200);
      const data = res.body.result.data as Record<string, { success: boolean }>;
      expect(Object.keys(data).sort()).toEqual(bulk);
      expect(Object.values(data).every((r) => r.success)).toBe(true);
      expect(await ids({ organizationId: 'org-del', documentId: 'bulk' })).toEqual([]);
      expect(await ids({ organizationId: 'org-del', activityIds: ['stays'] })).toEqual(['stays']);
      const appends: { n: string }[] = await db().query(
        `SELECT count(*) AS n FROM events
         WHERE type = 'activities.activity-deleted' AND data->>'organizationId' = 'org-del'
           AND data->>'activityId' LIKE 'bulk-%'
         GROUP BY transaction_id::text ORDER BY n DESC`,
      );
      expect(appends.map((a) => Number(a.n))).toEqual([1000, 200]);
    });

    it('refuses a delete naming nothing to delete', async () => {
      const res = await remove({ organizationId: 'org-del' });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe('data.activityIds');
      const empty = await remove({ organizationId: 'org-del', activityIds: [] });
      expect(empty.body.error.details.fields[0].field).toBe('data.activityIds');
      const one = await remove({ organizationId: 'org-del', activityIds: 'x1' });
      expect(one.body.error.details.fields).toEqual([
        { field: 'data.activityIds', message: 'data.activityIds must be an array' },
      ]);
    });
  });

  describe('immutable records (D7.5)', () => {
    beforeAll(async () => {
      await documents('org-imm', ['doc', 'many']);
      await setImmutable(true);
      try {
        await log('org-imm', [item('locked'), item('locked-2', { targetEntityId: 'tgt' })]);
      } finally {
        await setImmutable(false);
      }
      await log('org-imm', [item('free')]);
    });

    it('stamps immutable from the config when written', async () => {
      const read = await views({ organizationId: 'org-imm', order: 'asc' });
      expect(read.map((v) => [v.id, v.immutable])).toEqual([
        ['locked', true],
        ['locked-2', true],
        ['free', false],
      ]);
    });

    it('refuses to update one, the others going through', async () => {
      const res = await update({
        organizationId: 'org-imm',
        activities: [
          { id: 'locked', actionIcon: 'x' },
          { id: 'free', actionIcon: 'y' },
        ],
      });
      expect(res.body.result.data).toEqual({
        locked: IMMUTABLE,
        free: { success: true, message: 'Activity updated.' },
      });
      const [locked] = await views({ organizationId: 'org-imm', activityIds: ['locked'] });
      expect(locked).not.toHaveProperty('actionIcon');
    });

    it('refuses to replace one through add: the whole call fails, nothing stored', async () => {
      const res = await add({
        organizationId: 'org-imm',
        documentId: 'doc',
        activities: [item('new-1'), item('locked', { actionType: 'rewritten' })],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('FAILED_PRECONDITION');
      expect(res.body.error.message).toContain('locked');
      expect(await ids({ organizationId: 'org-imm', activityIds: ['new-1'] })).toEqual([]);
      const [locked] = await views({ organizationId: 'org-imm', activityIds: ['locked'] });
      expect(locked.actionType).toBe('status.change');
    });

    it('refuses to delete one by id, and a delete by target or document keeps and lists them', async () => {
      const byId = await remove({ organizationId: 'org-imm', activityIds: ['locked'] });
      expect(byId.body.result.data).toEqual({ locked: { ...IMMUTABLE, id: 'locked' } });
      const byTarget = await remove({ organizationId: 'org-imm', targetEntityId: 'tgt' });
      expect(byTarget.body.result.data).toEqual({ 'locked-2': { ...IMMUTABLE, id: 'locked-2' } });
      const byDocument = await remove({ organizationId: 'org-imm', documentId: 'doc' });
      expect(byDocument.body.result.data).toEqual({
        locked: { ...IMMUTABLE, id: 'locked' },
        'locked-2': { ...IMMUTABLE, id: 'locked-2' },
        free: { success: true, id: 'free', message: 'Activity deleted.' },
      });
      expect(await ids({ organizationId: 'org-imm', documentId: 'doc', order: 'asc' })).toEqual([
        'locked',
        'locked-2',
      ]);
    });

    it('walks past more than 1000 immutable records of a document, deleting the rest', async () => {
      const locked = Array.from({ length: 1001 }, (_, i) => `imm-${String(i).padStart(4, '0')}`);
      await setImmutable(true);
      try {
        await log(
          'org-imm',
          locked.slice(0, 1000).map((id) => item(id)),
          'many',
        );
        await log('org-imm', [item(locked[1000])], 'many');
      } finally {
        await setImmutable(false);
      }
      await log('org-imm', [item('mut-1'), item('mut-2')], 'many');
      const res = await remove({ organizationId: 'org-imm', documentId: 'many' });
      const data = res.body.result.data as Record<string, { success: boolean; code?: string }>;
      expect(Object.keys(data).sort()).toEqual([...locked, 'mut-1', 'mut-2']);
      expect(locked.every((id) => data[id].code === 'failed-precondition')).toBe(true);
      expect(data['mut-1']).toEqual({ success: true, id: 'mut-1', message: 'Activity deleted.' });
      const first = await get({ organizationId: 'org-imm', documentId: 'many' });
      const { pageToken } = first.body.result;
      const rest = await ids({ organizationId: 'org-imm', documentId: 'many', pageToken });
      expect([...first.body.result.data.map((v: View) => v.id), ...rest].sort()).toEqual(locked);
    });
  });

  describe('the switch (D7.4)', () => {
    let key: TestWorkspace;
    let h: Headers;
    beforeAll(async () => {
      key = await t.createApiKey(ws);
      h = t.apiKeyHeaders(key);
      await documents('org-sw', ['doc'], h);
    });

    it('gates add and update while off; get and delete work', async () => {
      // A key starts with the service off.
      const off = await add(
        { organizationId: 'org-sw', documentId: 'doc', activities: [item('s1')] },
        h,
      );
      expect(off.status).toBe(400);
      expect(off.body.error.status).toBe('FAILED_PRECONDITION');
      await setSwitch(key, true);
      await setImmutable(false, h);
      await log('org-sw', [item('s1'), item('s2')], 'doc', h);
      await setSwitch(key, false);
      const added = await add(
        { organizationId: 'org-sw', documentId: 'doc', activities: [item('s3')] },
        h,
      );
      expect(added.body.error.status).toBe('FAILED_PRECONDITION');
      const updated = await update(
        { organizationId: 'org-sw', activities: [{ id: 's1', actionIcon: 'x' }] },
        h,
      );
      expect(updated.status).toBe(400);
      expect(updated.body.error.status).toBe('FAILED_PRECONDITION');
      expect(await ids({ organizationId: 'org-sw', order: 'asc' }, h)).toEqual(['s1', 's2']);
      const deleted = await remove({ organizationId: 'org-sw', activityIds: ['s1'] }, h);
      expect(deleted.body.result.data.s1.success).toBe(true);
      expect(await ids({ organizationId: 'org-sw' }, h)).toEqual(['s2']);
    });
  });

  describe('tenancy', () => {
    beforeAll(async () => {
      await documents('org-ten', ['doc']);
      await documents('org-ten', ['doc'], other);
      await log('org-ten', [item('mine', { actionIcon: 'mine' })]);
    });

    it('another key sees nothing and can change nothing', async () => {
      expect(await ids({ organizationId: 'org-ten' }, other)).toEqual([]);
      expect(await ids({ organizationId: 'org-ten', activityIds: ['mine'] }, other)).toEqual([]);
      const up = await update(
        { organizationId: 'org-ten', activities: [{ id: 'mine', actionIcon: 'theirs' }] },
        other,
      );
      expect(up.body.result.data).toEqual({
        mine: { success: false, message: 'Failed to update activity.', code: 'not-found' },
      });
      const byId = await remove({ organizationId: 'org-ten', activityIds: ['mine'] }, other);
      expect(byId.body.result.data.mine.success).toBe(false);
      const byDoc = await remove({ organizationId: 'org-ten', documentId: 'doc' }, other);
      expect(byDoc.body.result.data).toEqual({});
      // Its own record of the same id is its own.
      await log('org-ten', [item('mine', { actionIcon: 'theirs' })], 'doc', other);
      const [mine] = await views({ organizationId: 'org-ten', activityIds: ['mine'] });
      expect(mine.actionIcon).toBe('mine');
      expect(mine.metadata.apiKey).toBe(ws.apiKey);
    });

    it('another organization of the same key is another scope', async () => {
      await documents('org-ten-2', ['doc']);
      expect(await ids({ organizationId: 'org-ten-2' })).toEqual([]);
      const up = await update({
        organizationId: 'org-ten-2',
        activities: [{ id: 'mine', actionIcon: 'x' }],
      });
      expect(up.body.result.data.mine.success).toBe(false);
    });
  });
});
