import { DataSource } from 'typeorm';
import { readNotificationSwitch } from '@app/workspaces';
import { runProjectionsCommand } from '../apps/api/src/projections.command';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

const GET = '/v2/workspace/notificationconfig/get';
const UPDATE = '/v2/workspace/notificationconfig/update';
const NOTHING_TO_UPDATE =
  'At least one of useNotificationService or notificationServiceConfig must be provided';

/** The hosted standard comment triggers and every huddle trigger, all on. */
const SEEDED = {
  comment: {
    'comment_annotation.add': true,
    'comment.add': true,
    'comment.update': true,
    'comment.delete': true,
    'comment_annotation.status_change': true,
    'comment_annotation.assign': true,
    'comment_annotation.priority_change': true,
    'comment.reaction_add': true,
    'comment.reaction_delete': true,
  },
  huddle: { 'huddle.create': true, 'huddle.join': true },
};

const OFF = { useNotificationService: false, notificationServiceConfig: {} };

// The API-key-level notification switch (D9.8, D9.9): get, update (deep merge, seeding on the
// first enable, hosted ranges), operation 1's two flags, one key's config never another's.
describe('notification config (D9.8)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let fresh: () => Promise<Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace('notify@example.com');
    fresh = async () => t.apiKeyHeaders(await t.createApiKey(ws));
  });
  afterAll(() => t?.close());

  const get = async (h: Record<string, string>) => {
    const res = await t.post(GET, {}, h);
    expect(res.status).toBe(200);
    return res.body.result.data;
  };
  const update = async (h: Record<string, string>, data: unknown) => {
    const res = await t.post(UPDATE, data, h);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
    return res.body.result.data;
  };

  it('answers a key never configured with the service off and nothing set', async () => {
    const res = await t.post(GET, {}, await fresh());
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Notification configuration retrieved successfully.',
        data: OFF,
      },
    });
  });

  it('refuses an update with neither field, in the hosted words, and stores nothing', async () => {
    const h = await fresh();
    for (const data of [{}, { useNotificationService: null }, { other: true }]) {
      const res = await t.post(UPDATE, data, h);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: NOTHING_TO_UPDATE,
      });
    }
    expect(await get(h)).toEqual(OFF);
  });

  it('answers the stored state, the same as get and as the read table', async () => {
    const h = await fresh();
    const res = await t.post(
      UPDATE,
      { notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 30 } } },
      h,
    );
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Notification configuration updated successfully.',
        data: {
          useNotificationService: false,
          notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 30 } },
        },
      },
    });
    expect(await get(h)).toEqual(res.body.result.data);
    const stored = await readNotificationSwitch(
      t.app.get(DataSource).manager,
      h['x-service-api-key'],
    );
    expect(stored).toEqual(res.body.result.data);
  });

  it('merges deeply: every field left out keeps its stored value', async () => {
    const h = await fresh();
    await update(h, {
      notificationServiceConfig: {
        triggers: { comment: { 'comment.add': true, 'comment.delete': false } },
        delayConfig: { isEnabled: true, delaySeconds: 30 },
        batchConfig: { document: { isEnabled: true, batchWindowSeconds: 60, maxActivities: 5 } },
      },
    });
    const after = await update(h, {
      notificationServiceConfig: {
        triggers: { comment: { 'comment.delete': true }, huddle: { 'huddle.join': false } },
        delayConfig: { delaySeconds: 90 },
        batchConfig: { document: { maxActivities: 9 }, user: { isEnabled: false } },
      },
    });
    const expected = {
      useNotificationService: false,
      notificationServiceConfig: {
        triggers: {
          comment: { 'comment.add': true, 'comment.delete': true },
          huddle: { 'huddle.join': false },
        },
        delayConfig: { isEnabled: true, delaySeconds: 90 },
        batchConfig: {
          document: { isEnabled: true, batchWindowSeconds: 60, maxActivities: 9 },
          user: { isEnabled: false },
        },
      },
    };
    expect(after).toEqual(expected);
    // Turning the service on changes the switch only: the triggers exist, nothing is seeded.
    expect(await update(h, { useNotificationService: true })).toEqual({
      ...expected,
      useNotificationService: true,
    });
    expect(await get(h)).toEqual({ ...expected, useNotificationService: true });
  });

  it('seeds the default triggers on the first enable, the request on top, delay and batching untouched', async () => {
    const h = await fresh();
    await update(h, {
      notificationServiceConfig: { delayConfig: { isEnabled: false, delaySeconds: 20 } },
    });
    const enabled = await update(h, {
      useNotificationService: true,
      notificationServiceConfig: {
        triggers: { comment: { 'comment.delete': false }, custom: { 'task.done': true } },
      },
    });
    expect(enabled).toEqual({
      useNotificationService: true,
      notificationServiceConfig: {
        triggers: {
          comment: { ...SEEDED.comment, 'comment.delete': false },
          huddle: SEEDED.huddle,
          custom: { 'task.done': true },
        },
        delayConfig: { isEnabled: false, delaySeconds: 20 },
      },
    });
    expect(await get(h)).toEqual(enabled);

    // Off, a seeded trigger turned off, then on again: not seeded a second time.
    await update(h, {
      useNotificationService: false,
      notificationServiceConfig: { triggers: { comment: { 'comment.add': false } } },
    });
    const again = await update(h, { useNotificationService: true });
    expect(again.notificationServiceConfig.triggers.comment['comment.add']).toBe(false);
    expect(again.notificationServiceConfig.triggers.comment['comment.delete']).toBe(false);
  });

  it('does not seed when the key already names a trigger; empty groups name none', async () => {
    const own = await fresh();
    await update(own, {
      notificationServiceConfig: { triggers: { comment: { 'comment.add': false } } },
    });
    expect(await update(own, { useNotificationService: true })).toEqual({
      useNotificationService: true,
      notificationServiceConfig: { triggers: { comment: { 'comment.add': false } } },
    });

    const empty = await fresh();
    await update(empty, { notificationServiceConfig: { triggers: { comment: {}, huddle: {} } } });
    expect(await update(empty, { useNotificationService: true })).toEqual({
      useNotificationService: true,
      notificationServiceConfig: { triggers: SEEDED },
    });

    // Turning it off (or leaving it off) never seeds.
    const off = await fresh();
    expect(await update(off, { useNotificationService: false })).toEqual(OFF);
  });

  it('refuses values out of the hosted ranges or not integers, naming the field, and stores nothing', async () => {
    const h = await fresh();
    const cfg = 'data.notificationServiceConfig';
    const delay = (delaySeconds: unknown) => ({ delayConfig: { delaySeconds } });
    const batch = (scope: string, field: string, value: unknown) => ({
      batchConfig: { [scope]: { [field]: value } },
    });
    const refused: [unknown, string][] = [
      [delay(9), `${cfg}.delayConfig.delaySeconds`],
      [delay(15_552_001), `${cfg}.delayConfig.delaySeconds`],
      [delay(30.5), `${cfg}.delayConfig.delaySeconds`],
      [delay('30'), `${cfg}.delayConfig.delaySeconds`],
      [{ delayConfig: { isEnabled: 'yes' } }, `${cfg}.delayConfig.isEnabled`],
    ];
    for (const scope of ['document', 'user']) {
      const at = `${cfg}.batchConfig.${scope}`;
      refused.push(
        [batch(scope, 'batchWindowSeconds', 9), `${at}.batchWindowSeconds`],
        [batch(scope, 'batchWindowSeconds', 604_801), `${at}.batchWindowSeconds`],
        [batch(scope, 'batchWindowSeconds', 10.5), `${at}.batchWindowSeconds`],
        [batch(scope, 'maxActivities', 1), `${at}.maxActivities`],
        [batch(scope, 'maxActivities', 51), `${at}.maxActivities`],
        [batch(scope, 'maxActivities', 2.5), `${at}.maxActivities`],
        [batch(scope, 'isEnabled', 1), `${at}.isEnabled`],
      );
    }
    for (const [notificationServiceConfig, field] of refused) {
      const res = await t.post(UPDATE, { notificationServiceConfig }, h);
      expect({ field, status: res.status, error: res.body.error?.status }).toEqual({
        field,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0].field).toBe(field);
    }
    expect(await get(h)).toEqual(OFF);

    // Each bound itself is accepted.
    const accepted = [
      delay(10),
      delay(15_552_000),
      ...['document', 'user'].flatMap((scope) => [
        batch(scope, 'batchWindowSeconds', 10),
        batch(scope, 'batchWindowSeconds', 604_800),
        batch(scope, 'maxActivities', 2),
        batch(scope, 'maxActivities', 50),
      ]),
    ];
    for (const notificationServiceConfig of accepted) {
      await update(h, { notificationServiceConfig });
    }
    expect((await get(h)).notificationServiceConfig).toEqual({
      delayConfig: { delaySeconds: 15_552_000 },
      batchConfig: {
        document: { batchWindowSeconds: 604_800, maxActivities: 50 },
        user: { batchWindowSeconds: 604_800, maxActivities: 50 },
      },
    });
  });

  it('refuses triggers that are not groups of booleans, naming where', async () => {
    const h = await fresh();
    const field = 'data.notificationServiceConfig.triggers';
    const cases: [unknown, RegExp][] = [
      [{ comment: { 'comment.add': 'yes' } }, /triggers\.comment\.comment\.add must be a boolean/],
      [{ comment: { 'comment.add': null } }, /triggers\.comment\.comment\.add must be a boolean/],
      [{ comment: true }, /triggers\.comment must be an object/],
      [{ comment: ['comment.add'] }, /triggers\.comment must be an object/],
      [['comment'], /triggers must be an object/],
      [{ comment: { ['x'.repeat(201)]: true } }, /event types must be 1 to 200 characters/],
      [{ ['g'.repeat(201)]: {} }, /group names must be 1 to 200 characters/],
      [
        Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`g${i}`, {}])),
        /at most 20 groups/,
      ],
      [
        { comment: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`e${i}`, true])) },
        /at most 100 event types/,
      ],
    ];
    for (const [triggers, message] of cases) {
      const res = await t.post(UPDATE, { notificationServiceConfig: { triggers } }, h);
      expect({ triggers, status: res.status }).toEqual({ triggers, status: 400 });
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0]).toEqual({
        field,
        message: expect.stringMatching(message),
      });
    }
    expect(await get(h)).toEqual(OFF);
  });

  it('apikey/create: useNotificationService and setDefaultNotificationTriggers write the switch; the answer is unchanged', async () => {
    const create = async (flags: Record<string, unknown>) => {
      const res = await t.post(
        '/v2/workspace/apikey/create',
        { ownerEmail: 'flags@example.com', ...flags },
        t.workspaceHeaders(ws),
      );
      expect(res.body).toEqual({
        result: {
          status: 'success',
          message: 'API key created successfully.',
          data: { apiKey: expect.any(String) },
        },
      });
      const tokens = await t.post(
        '/v2/workspace/authtokens/get',
        { apiKey: res.body.result.data.apiKey },
        t.workspaceHeaders(ws),
      );
      return get(
        t.apiKeyHeaders({
          ...ws,
          apiKey: res.body.result.data.apiKey,
          authToken: tokens.body.result.data.authTokens[0].token,
        }),
      );
    };
    expect(await create({ useNotificationService: true })).toEqual({
      useNotificationService: true,
      notificationServiceConfig: { triggers: SEEDED },
    });
    expect(await create({ setDefaultNotificationTriggers: true })).toEqual({
      useNotificationService: false,
      notificationServiceConfig: { triggers: SEEDED },
    });
    expect(
      await create({ useNotificationService: true, setDefaultNotificationTriggers: false }),
    ).toEqual({ useNotificationService: true, notificationServiceConfig: { triggers: SEEDED } });
    expect(await create({})).toEqual(OFF);
    expect(
      await create({ useNotificationService: false, setDefaultNotificationTriggers: false }),
    ).toEqual(OFF);

    for (const field of ['useNotificationService', 'setDefaultNotificationTriggers']) {
      const res = await t.post(
        '/v2/workspace/apikey/create',
        { ownerEmail: 'flags@example.com', [field]: 'yes' },
        t.workspaceHeaders(ws),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe(`data.${field}`);
    }
  });

  it("never shows or changes another key's config, in the same workspace or another", async () => {
    const mine = await fresh();
    const sibling = await fresh();
    const stranger = t.apiKeyHeaders(await t.createWorkspace('stranger@example.com'));
    const config = await update(mine, {
      useNotificationService: true,
      notificationServiceConfig: { delayConfig: { isEnabled: true, delaySeconds: 60 } },
    });
    expect(await get(sibling)).toEqual(OFF);
    expect(await get(stranger)).toEqual(OFF);
    await update(stranger, { notificationServiceConfig: { delayConfig: { delaySeconds: 99 } } });
    await update(sibling, { useNotificationService: false });
    expect(await get(mine)).toEqual(config);

    const wrong = await t.post(GET, {}, { ...mine, 'x-service-auth-token': 'wrong' });
    expect(wrong.status).toBe(401);
  });

  it('is rebuilt from the log as it was stored', async () => {
    const h = await fresh();
    const stored = await update(h, {
      useNotificationService: true,
      notificationServiceConfig: { batchConfig: { user: { isEnabled: true, maxActivities: 3 } } },
    });
    await t.app
      .get(DataSource)
      .query(`UPDATE api_keys SET use_notification_service = false, notification_config = '{}'`);
    expect(await runProjectionsCommand(t.app, ['rebuild', 'api-key'], () => {})).toBe(0);
    expect(await get(h)).toEqual(stored);
  });
});
