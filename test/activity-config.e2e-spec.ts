import { DataSource } from 'typeorm';
import { ACTIVITY_COMMENT_TRIGGERS, readActivitySwitch } from '@app/workspaces';
import { runProjectionsCommand } from '../apps/api/src/projections.command';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

const GET = '/v2/workspace/activityconfig/get';
const UPDATE = '/v2/workspace/activityconfig/update';
const NO_FIELD = 'At least one field must be provided for update';
const SEEDED = Object.fromEntries(ACTIVITY_COMMENT_TRIGGERS.map((t) => [t, true]));
const OFF = { activityServiceConfig: { isEnabled: false } };

// The API-key-level activity switch (D7.4): get, update (deep merge, seeding on the first
// enable, enabledTime kept), the one flag shared with apikeyconfig, one key never another's.
describe('activity config (D7.4)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let fresh: () => Promise<TestWorkspace>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace('activity-config@example.com');
    fresh = () => t.createApiKey(ws);
  });
  afterAll(() => t?.close());

  const get = async (key: TestWorkspace) => {
    const res = await t.post(GET, {}, t.apiKeyHeaders(key));
    expect(res.status).toBe(200);
    return res.body.result.data;
  };
  const update = async (key: TestWorkspace, activityServiceConfig: unknown) => {
    const res = await t.post(UPDATE, { activityServiceConfig }, t.apiKeyHeaders(key));
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
    return res.body.result.data;
  };
  const apiKeyConfig = async (key: TestWorkspace, changes: Record<string, unknown> = {}) => {
    const path = Object.keys(changes).length ? 'update' : 'get';
    const res = await t.post(`/v2/workspace/apikeyconfig/${path}`, changes, t.apiKeyHeaders(key));
    expect(res.status).toBe(200);
    return res.body.result.data;
  };

  it('answers a key never configured with the service off', async () => {
    const res = await t.post(GET, {}, t.apiKeyHeaders(await fresh()));
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Activity logs configuration retrieved successfully.',
        data: OFF,
      },
    });
  });

  it('refuses an update with no field, in the hosted words, and stores nothing', async () => {
    const key = await fresh();
    const cases: [unknown, string][] = [
      [{ activityServiceConfig: {} }, NO_FIELD],
      [{ activityServiceConfig: { isEnabled: null } }, NO_FIELD],
      [{ activityServiceConfig: { other: true } }, NO_FIELD],
      [{}, 'activityServiceConfig is required'],
      [{ isEnabled: true }, 'activityServiceConfig is required'],
      [{ activityServiceConfig: true }, 'activityServiceConfig must be an object'],
    ];
    for (const [data, message] of cases) {
      const res = await t.post(UPDATE, data, t.apiKeyHeaders(key));
      expect({ data, status: res.status }).toEqual({ data, status: 400 });
      expect(res.body.error).toMatchObject({ status: 'INVALID_ARGUMENT' });
      expect(res.body.error.details.fields[0]).toEqual({
        field: 'data.activityServiceConfig',
        message: expect.stringContaining(message),
      });
    }
    expect(
      (await t.post(UPDATE, { activityServiceConfig: {} }, t.apiKeyHeaders(key))).body.error,
    ).toMatchObject({ message: NO_FIELD });
    expect(await get(key)).toEqual(OFF);
  });

  it('refuses values of the wrong type, naming the field, and stores nothing', async () => {
    const key = await fresh();
    const at = 'data.activityServiceConfig';
    const refused: [unknown, string, RegExp][] = [
      [{ isEnabled: 'yes' }, `${at}.isEnabled`, /isEnabled must be a boolean/],
      [{ immutable: 1 }, `${at}.immutable`, /immutable must be a boolean/],
      [{ enabledTime: -1 }, `${at}.enabledTime`, /enabledTime must not be less than 0/],
      [{ enabledTime: 1.5 }, `${at}.enabledTime`, /enabledTime must be an integer/],
      [{ enabledTime: '1700000000000' }, `${at}.enabledTime`, /enabledTime must /],
      [{ enabledTime: 9e15 }, `${at}.enabledTime`, /enabledTime must not be greater than/],
      [
        { triggers: { comment: { 'comment.add': 'yes' } } },
        `${at}.triggers`,
        /triggers\.comment\.comment\.add must be a boolean/,
      ],
      [{ triggers: { comment: true } }, `${at}.triggers`, /triggers\.comment must be an object/],
      [{ triggers: ['comment'] }, `${at}.triggers`, /triggers must be an object/],
    ];
    for (const [activityServiceConfig, field, message] of refused) {
      const res = await t.post(UPDATE, { activityServiceConfig }, t.apiKeyHeaders(key));
      expect({ field, status: res.status, error: res.body.error?.status }).toEqual({
        field,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0]).toEqual({
        field,
        message: expect.stringMatching(message),
      });
    }
    expect(await get(key)).toEqual(OFF);
  });

  it('seeds the comment triggers, immutable records and enabledTime on the first enable', async () => {
    const key = await fresh();
    const before = Date.now();
    const res = await t.post(
      UPDATE,
      { activityServiceConfig: { isEnabled: true } },
      t.apiKeyHeaders(key),
    );
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Activity logs configuration updated successfully.',
        data: {
          activityServiceConfig: {
            isEnabled: true,
            enabledTime: expect.any(Number),
            immutable: true,
            triggers: { comment: SEEDED },
          },
        },
      },
    });
    const { enabledTime } = res.body.result.data.activityServiceConfig;
    expect(enabledTime).toBeGreaterThanOrEqual(before);
    expect(enabledTime).toBeLessThanOrEqual(Date.now());
    expect(await get(key)).toEqual(res.body.result.data);
    const stored = await readActivitySwitch(t.app.get(DataSource).manager, key.apiKey);
    expect({ activityServiceConfig: stored }).toEqual(res.body.result.data);
  });

  it('puts the request on top of the seeded defaults: immutable false and a trigger off win', async () => {
    const key = await fresh();
    expect(
      await update(key, {
        isEnabled: true,
        immutable: false,
        enabledTime: 1_600_000_000_000,
        triggers: { comment: { 'comment.delete': false } },
      }),
    ).toEqual({
      activityServiceConfig: {
        isEnabled: true,
        enabledTime: 1_600_000_000_000,
        immutable: false,
        triggers: { comment: { ...SEEDED, 'comment.delete': false } },
      },
    });

    // Written while off, then enabled: what was written stays over the defaults.
    const early = await fresh();
    await update(early, { immutable: false });
    expect((await update(early, { isEnabled: true })).activityServiceConfig).toMatchObject({
      isEnabled: true,
      immutable: false,
      triggers: { comment: SEEDED },
    });
  });

  it('keeps enabledTime when omitted, never seeds twice, and merges triggers deeply', async () => {
    const key = await fresh();
    const first = (await update(key, { isEnabled: true })).activityServiceConfig;
    await update(key, {
      isEnabled: false,
      triggers: { comment: { 'comment.add': false }, custom: { 'task.done': true } },
    });
    const again = await update(key, {
      isEnabled: true,
      triggers: { comment: { 'comment.update': false } },
    });
    expect(again).toEqual({
      activityServiceConfig: {
        isEnabled: true,
        enabledTime: first.enabledTime,
        immutable: true,
        triggers: {
          comment: { ...SEEDED, 'comment.add': false, 'comment.update': false },
          custom: { 'task.done': true },
        },
      },
    });
    expect(await update(key, { immutable: false })).toEqual({
      activityServiceConfig: { ...again.activityServiceConfig, immutable: false },
    });
    expect(await update(key, { enabledTime: 42 })).toMatchObject({
      activityServiceConfig: { enabledTime: 42, isEnabled: true },
    });
  });

  it('is one switch with apikeyconfig activityServiceEnabled, both ways', async () => {
    const key = await fresh();
    // A console saving every option sends the flag off first; the first real enable seeds.
    expect(await apiKeyConfig(key, { activityServiceEnabled: false })).toMatchObject({
      activityServiceEnabled: false,
    });
    expect(await get(key)).toEqual(OFF);
    expect(await apiKeyConfig(key, { activityServiceEnabled: true })).toMatchObject({
      activityServiceEnabled: true,
    });
    expect(await get(key)).toEqual({
      activityServiceConfig: {
        isEnabled: true,
        enabledTime: expect.any(Number),
        immutable: true,
        triggers: { comment: SEEDED },
      },
    });

    await update(key, { isEnabled: false });
    expect(await apiKeyConfig(key)).toMatchObject({ activityServiceEnabled: false });
    await update(key, { isEnabled: true });
    expect(await apiKeyConfig(key)).toMatchObject({ activityServiceEnabled: true });
    await apiKeyConfig(key, { activityServiceEnabled: false });
    expect((await get(key)).activityServiceConfig.isEnabled).toBe(false);
  });

  it('gates operation 18 while off, whichever call set the switch; reads never wait on it', async () => {
    const key = await fresh();
    const h = t.apiKeyHeaders(key);
    const place = { organizationId: 'org', documentId: 'doc' };
    await t.post(
      '/v2/organizations/documents/add',
      { ...place, createOrganization: true, documents: [{ documentId: 'doc' }] },
      h,
    );
    const add = () =>
      t.post(
        '/v2/activities/add',
        {
          ...place,
          activities: [{ featureType: 'comment', actionType: 'x', actionUser: { userId: 'u' } }],
        },
        h,
      );
    const answers: [string, number, string | undefined][] = [];
    const step = async (name: string, change: () => Promise<unknown>) => {
      await change();
      const res = await add();
      answers.push([name, res.status, res.body.error?.status]);
    };
    await step('never configured', async () => undefined);
    await step('on here', () => update(key, { isEnabled: true }));
    await step('off there', () => apiKeyConfig(key, { activityServiceEnabled: false }));
    await step('on there', () => apiKeyConfig(key, { activityServiceEnabled: true }));
    await step('off here', () => update(key, { isEnabled: false }));
    expect(answers).toEqual([
      ['never configured', 400, 'FAILED_PRECONDITION'],
      ['on here', 200, undefined],
      ['off there', 400, 'FAILED_PRECONDITION'],
      ['on there', 200, undefined],
      ['off here', 400, 'FAILED_PRECONDITION'],
    ]);
    const read = await t.post('/v2/activities/get', { organizationId: 'org' }, h);
    expect(read.body.result.data).toHaveLength(2);
  });

  it("never shows or changes another key's config, in the same workspace or another", async () => {
    const mine = await fresh();
    const sibling = await fresh();
    const stranger = await t.createWorkspace('activity-stranger@example.com');
    const config = await update(mine, { isEnabled: true, immutable: false });
    expect(await get(sibling)).toEqual(OFF);
    expect(await get(stranger)).toEqual(OFF);
    expect(await apiKeyConfig(sibling)).toMatchObject({ activityServiceEnabled: false });
    await update(stranger, { triggers: { comment: { 'comment.add': false } } });
    await update(sibling, { isEnabled: false });
    expect(await get(mine)).toEqual(config);

    const wrong = await t.post(GET, {}, { ...t.apiKeyHeaders(mine), 'x-service-auth-token': 'x' });
    expect(wrong.status).toBe(401);
    const workspaceOnly = await t.post(GET, {}, t.workspaceHeaders(mine));
    expect(workspaceOnly.status).toBe(401);
  });

  it('is rebuilt from the log as it was stored', async () => {
    const key = await fresh();
    await apiKeyConfig(key, { activityServiceEnabled: true });
    const stored = await update(key, { triggers: { comment: { 'comment.add': false } } });
    await t.app
      .get(DataSource)
      .query(
        `UPDATE api_keys SET activity_config = NULL, options = options || '{"activityServiceEnabled": false}'`,
      );
    expect(await runProjectionsCommand(t.app, ['rebuild', 'api-key'], () => {})).toBe(0);
    expect(await get(key)).toEqual(stored);
  });
});
