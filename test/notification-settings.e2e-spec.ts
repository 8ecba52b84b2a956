import { DataSource, type EntityManager } from 'typeorm';
import { ProjectionRebuilder } from '@app/event-store';
import { NotificationSettingsReader } from '../libs/notifications/src/application/common/notification-settings.reader';
import { NotificationSettingsProjection } from '../libs/notifications/src/read-models/notification-settings.projection';
import { createTestApp, type TestApp } from '@app/testing';

// D9.6: per-user notification settings at organization and document level.
describe('notification settings', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let other: Record<string, string>;
  let apiKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    headers = t.apiKeyHeaders(ws);
    apiKey = ws.apiKey;
    other = t.apiKeyHeaders(await t.createApiKey(ws));
  });
  afterAll(() => t.close());

  const set = (data: Record<string, unknown>, h = headers) =>
    t.post('/v2/notifications/config/set', data, h);
  const get = (data: Record<string, unknown>, h = headers) =>
    t.post('/v2/notifications/config/get', data, h);
  /** The config answered for one user: the organization entry, or one document's. */
  const configOf = async (
    organizationId: string,
    userId: string,
    documentId?: string,
    h = headers,
  ) => {
    const res = await get(
      documentId === undefined
        ? { organizationId, userId, getOrganizationConfig: true }
        : { organizationId, userId, documentIds: [documentId] },
      h,
    );
    expect(res.status).toBe(200);
    return res.body.result.data[0].config;
  };

  it('sets at organization level and answers the hosted shapes; the organization need not exist', async () => {
    const res = await set({
      organizationId: 'org-a',
      userIds: ['u1', 'u2'],
      config: { inbox: 'NONE', email: 'ALL' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'User config set successfully.',
        data: {
          u1: { success: true, userId: 'u1', message: 'User config set successfully.' },
          u2: { success: true, userId: 'u2', message: 'User config set successfully.' },
        },
      },
    });
    const read = await get({ organizationId: 'org-a', userId: 'u1', getOrganizationConfig: true });
    expect(read.body).toEqual({
      result: {
        status: 'success',
        message: 'User config fetched successfully.',
        data: [
          {
            config: { inbox: 'NONE', email: 'ALL' },
            metadata: { organizationId: 'org-a', apiKey, userId: 'u1' },
          },
        ],
      },
    });
  });

  it('answers the defaults (inbox ALL, email MINE) where nothing is set', async () => {
    expect(await configOf('org-nothing', 'nobody')).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(await configOf('org-nothing', 'nobody', 'doc')).toEqual({ inbox: 'ALL', email: 'MINE' });
  });

  it('sets on one document with exactly the hosted answer; the document need not exist', async () => {
    const res = await set({
      organizationId: 'org-a',
      documentIds: ['doc1'],
      userIds: ['USER_ID1'],
      config: { inbox: 'ALL', email: 'ALL' },
    });
    expect(res.body.result.data).toEqual({
      USER_ID1: {
        success: true,
        userId: 'USER_ID1',
        documentId: 'doc1',
        message: 'User config set successfully.',
      },
    });
    const read = await get({ organizationId: 'org-a', documentIds: ['doc1'], userId: 'USER_ID1' });
    expect(read.body.result.data).toEqual([
      {
        config: { inbox: 'ALL', email: 'ALL' },
        metadata: { organizationId: 'org-a', apiKey, documentId: 'doc1', userId: 'USER_ID1' },
      },
    ]);
  });

  it('sets on several documents: one entry per user naming every document', async () => {
    const res = await set({
      organizationId: 'org-multi',
      documentIds: ['d1', 'd2', 'd1'],
      userIds: ['u1', 'u2', 'u1'],
      config: { email: 'NONE' },
    });
    const entry = (userId: string) => ({
      success: true,
      userId,
      documentIds: ['d1', 'd2'],
      message: 'User config set successfully.',
    });
    expect(res.body.result.data).toEqual({ u1: entry('u1'), u2: entry('u2') });
    for (const userId of ['u1', 'u2']) {
      for (const documentId of ['d1', 'd2']) {
        expect(await configOf('org-multi', userId, documentId)).toEqual({
          inbox: 'ALL',
          email: 'NONE',
        });
      }
      // Only those documents: the organization level is untouched.
      expect(await configOf('org-multi', userId)).toEqual({ inbox: 'ALL', email: 'MINE' });
    }
  });

  it('puts the document level over the organization level over the defaults, channel by channel', async () => {
    await set({ organizationId: 'org-p', userIds: ['p'], config: { email: 'NONE', slack: 'ALL' } });
    await set({
      organizationId: 'org-p',
      documentIds: ['doc'],
      userIds: ['p'],
      config: { slack: 'MINE' },
    });
    const read = await get({
      organizationId: 'org-p',
      userId: 'p',
      documentIds: ['doc', 'plain'],
      getOrganizationConfig: true,
    });
    // The organization entry first, then one per document asked.
    expect(read.body.result.data).toEqual([
      {
        config: { inbox: 'ALL', email: 'NONE', slack: 'ALL' },
        metadata: { organizationId: 'org-p', apiKey, userId: 'p' },
      },
      {
        config: { inbox: 'ALL', email: 'NONE', slack: 'MINE' },
        metadata: { organizationId: 'org-p', apiKey, documentId: 'doc', userId: 'p' },
      },
      {
        config: { inbox: 'ALL', email: 'NONE', slack: 'ALL' },
        metadata: { organizationId: 'org-p', apiKey, documentId: 'plain', userId: 'p' },
      },
    ]);
  });

  it('merges channels into what the user has at that level; other names and values are kept', async () => {
    await set({ organizationId: 'org-m', userIds: ['m'], config: { inbox: 'NONE' } });
    await set({
      organizationId: 'org-m',
      userIds: ['m'],
      config: { email: 'ALL', 'ms-teams_2': 'DIGEST', inbox: null },
    });
    expect(await configOf('org-m', 'm')).toEqual({
      inbox: 'NONE',
      email: 'ALL',
      'ms-teams_2': 'DIGEST',
    });
    await set({ organizationId: 'org-m', userIds: ['m'], config: { inbox: 'weekly summary' } });
    expect(await configOf('org-m', 'm')).toEqual({
      inbox: 'weekly summary',
      email: 'ALL',
      'ms-teams_2': 'DIGEST',
    });
  });

  it('stores one event per changed (user, level), none for a repeated call', async () => {
    const count = async () =>
      Number(
        (
          await t.app
            .get(DataSource)
            .query(
              `SELECT count(*) AS n FROM events WHERE type = 'notifications.user-settings-set' AND api_key = $1`,
              [apiKey],
            )
        )[0].n,
      );
    const body = { organizationId: 'org-e', userIds: ['e1', 'e2'], config: { inbox: 'MINE' } };
    const before = await count();
    await set(body);
    expect(await count()).toBe(before + 2);
    await set(body);
    expect(await count()).toBe(before + 2);
    const [event] = await t.app
      .get(DataSource)
      .query(
        `SELECT data FROM events WHERE type = 'notifications.user-settings-set' AND data->>'userId' = 'e1'`,
      );
    expect(typeof event.data === 'string' ? JSON.parse(event.data) : event.data).toEqual({
      apiKey,
      organizationId: 'org-e',
      documentId: '',
      userId: 'e1',
      channels: { inbox: 'MINE' },
      at: expect.any(Number),
    });
  });

  describe('refuses every malformed field, naming it, and stores nothing', () => {
    const valid = { organizationId: 'org-bad', userIds: ['b'], config: { inbox: 'NONE' } };
    const channels = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, 'ALL']));
    const setCases: [string, Record<string, unknown>, string, RegExp][] = [
      ['no organizationId', { organizationId: undefined }, 'data.organizationId', /required/],
      ['an empty organizationId', { organizationId: '' }, 'data.organizationId', /longer/],
      ['no userIds', { userIds: undefined }, 'data.userIds', /required/],
      ['empty userIds', { userIds: [] }, 'data.userIds', /at least 1/],
      ['a number in userIds', { userIds: [1] }, 'data.userIds', /string/],
      ['empty documentIds', { documentIds: [] }, 'data.documentIds', /at least 1/],
      ['a string for documentIds', { documentIds: 'doc' }, 'data.documentIds', /array/],
      ['no config', { config: undefined }, 'data.config', /required/],
      ['an array for config', { config: ['ALL'] }, 'data.config', /object/],
      ['a string for config', { config: 'ALL' }, 'data.config', /object/],
      ['21 channels', { config: channels(21) }, 'data.config', /at most 20 channels/],
      ['a channel name with a space', { config: { 'in box': 'ALL' } }, 'data.config', /"in box"/],
      ['a 65-character name', { config: { ['c'.repeat(65)]: 'ALL' } }, 'data.config', /name/],
      ['a number value', { config: { inbox: 1 } }, 'data.config', /data\.config\.inbox must/],
      ['an empty value', { config: { email: '' } }, 'data.config', /data\.config\.email must/],
      [
        'a 65-character value',
        { config: { slack: 'x'.repeat(65) } },
        'data.config',
        /data\.config\.slack must be a string of 1 to 64/,
      ],
      ['an object value', { config: { inbox: { v: 'ALL' } } }, 'data.config', /inbox must/],
    ];

    it.each(setCases)('config/set: %s', async (_, change, field, message) => {
      const res = await set({ ...valid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
      expect(res.body.error.details.fields[0].message).toMatch(message);
      expect(await configOf('org-bad', 'b')).toEqual({ inbox: 'ALL', email: 'MINE' });
    });

    it('config/set: a __proto__ channel (refused by the JSON parser already)', async () => {
      // A computed key is an own property: JSON.stringify writes it.
      const res = await set({ ...valid, config: { ['__proto__']: 'ALL', inbox: 'NONE' } });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(await configOf('org-bad', 'b')).toEqual({ inbox: 'ALL', email: 'MINE' });
    });

    it('config/set: more than 1000 (user, document) pairs', async () => {
      const res = await set({
        ...valid,
        userIds: Array.from({ length: 501 }, (_, i) => `u${i}`),
        documentIds: ['d1', 'd2'],
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.documentIds');
    });

    it('config/set: a merge that would leave a user more than 20 channels at one level', async () => {
      const first = await set({ ...valid, userIds: ['full'], config: channels(20) });
      expect(first.status).toBe(200);
      const res = await set({ ...valid, userIds: ['ok', 'full'], config: { extra: 'ALL' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details.fields[0].field).toBe('data.config');
      // All or nothing: the other user got nothing either.
      expect(await configOf('org-bad', 'ok')).toEqual({ inbox: 'ALL', email: 'MINE' });
      // Changing a channel the user has is still fine.
      expect((await set({ ...valid, userIds: ['full'], config: { c0: 'NONE' } })).status).toBe(200);
    });

    const getValid = { organizationId: 'org-bad', userId: 'b', documentIds: ['d'] };
    const getCases: [string, Record<string, unknown>, string][] = [
      ['no organizationId', { organizationId: undefined }, 'data.organizationId'],
      ['no userId', { userId: undefined }, 'data.userId'],
      ['a list for userId', { userId: ['b'] }, 'data.userId'],
      ['no documentIds', { documentIds: undefined }, 'data.documentIds'],
      ['empty documentIds', { documentIds: [] }, 'data.documentIds'],
      [
        '31 documentIds',
        { documentIds: Array.from({ length: 31 }, (_, i) => `d${i}`) },
        'data.documentIds',
      ],
      ['an empty document id', { documentIds: [''] }, 'data.documentIds'],
      [
        'a string for getOrganizationConfig',
        { getOrganizationConfig: 'yes' },
        'data.getOrganizationConfig',
      ],
      [
        'getOrganizationConfig false, no documents',
        { getOrganizationConfig: false, documentIds: undefined },
        'data.documentIds',
      ],
    ];

    it.each(getCases)('config/get: %s', async (_, change, field) => {
      const res = await get({ ...getValid, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.status).toBe('INVALID_ARGUMENT');
      expect(res.body.error.details.fields[0].field).toBe(field);
    });

    it('config/get: 30 documents, or the organization alone, are fine', async () => {
      const thirty = Array.from({ length: 30 }, (_, i) => `d${i}`);
      const res = await get({ ...getValid, documentIds: thirty });
      expect(res.body.result.data).toHaveLength(30);
      const org = await get({ ...getValid, documentIds: [], getOrganizationConfig: true });
      expect(org.body.result.data).toHaveLength(1);
    });
  });

  it("keeps each API key's settings to itself", async () => {
    await set({
      organizationId: 'shared',
      userIds: ['s'],
      config: { inbox: 'NONE', slack: 'ALL' },
    });
    await set({
      organizationId: 'shared',
      documentIds: ['d'],
      userIds: ['s'],
      config: { email: 'NONE' },
    });
    // The other key reads none of it.
    expect(await configOf('shared', 's', undefined, other)).toEqual({
      inbox: 'ALL',
      email: 'MINE',
    });
    expect(await configOf('shared', 's', 'd', other)).toEqual({ inbox: 'ALL', email: 'MINE' });
    const foreign = await get({ organizationId: 'shared', userId: 's', documentIds: ['d'] }, other);
    expect(foreign.body.result.data[0].metadata.apiKey).not.toBe(apiKey);
    // Its own settings under the same ids change nothing of the first key's.
    await set(
      { organizationId: 'shared', userIds: ['s'], config: { inbox: 'ALL', slack: 'NONE' } },
      other,
    );
    expect(await configOf('shared', 's', undefined, other)).toEqual({
      inbox: 'ALL',
      email: 'MINE',
      slack: 'NONE',
    });
    expect(await configOf('shared', 's')).toEqual({ inbox: 'NONE', email: 'MINE', slack: 'ALL' });
    expect(await configOf('shared', 's', 'd')).toEqual({
      inbox: 'NONE',
      email: 'NONE',
      slack: 'ALL',
    });
  });

  describe('NotificationSettingsReader', () => {
    let reader: NotificationSettingsReader;
    let queries: number;
    /** The app's manager, counting the queries made through it. */
    let manager: EntityManager;

    beforeAll(async () => {
      reader = t.app.get(NotificationSettingsReader);
      const real = t.app.get(DataSource).manager;
      manager = {
        query: (sql: string, params?: unknown[]) => {
          queries++;
          return real.query(sql, params);
        },
      } as EntityManager;
      await set({
        organizationId: 'org-r',
        userIds: ['r1', 'r2'],
        config: { email: 'ALL', slack: 'odd' },
      });
      await set({
        organizationId: 'org-r',
        documentIds: ['doc'],
        userIds: ['r1'],
        config: { email: 'NONE', inbox: 'MINE' },
      });
      await set({
        organizationId: 'org-r',
        documentIds: ['other'],
        userIds: ['r2'],
        config: { email: 'NONE' },
      });
      // Another key's settings for the same ids: never read.
      await set(
        {
          organizationId: 'org-r',
          documentIds: ['doc'],
          userIds: ['r2', 'r3'],
          config: { email: 'NONE', inbox: 'NONE' },
        },
        other,
      );
      queries = 0;
    });

    it('answers the effective level of one channel for every user asked, in one query', async () => {
      const users = ['r1', 'r2', 'r3'];
      const at = (channel: string) =>
        reader.levels(manager, apiKey, 'org-r', 'doc', users, channel);
      expect(await at('email')).toEqual(
        new Map([
          ['r1', 'NONE'],
          ['r2', 'ALL'],
          ['r3', 'MINE'],
        ]),
      );
      expect(await at('inbox')).toEqual(
        new Map([
          ['r1', 'MINE'],
          ['r2', 'ALL'],
          ['r3', 'ALL'],
        ]),
      );
      // An unknown value, and a channel set nowhere, count as MINE.
      expect(await at('slack')).toEqual(
        new Map([
          ['r1', 'MINE'],
          ['r2', 'MINE'],
          ['r3', 'MINE'],
        ]),
      );
      expect(queries).toBe(3);
    });

    it('answers the stored settings of both levels, raw, in one query', async () => {
      const stored = await reader.stored(manager, apiKey, 'org-r', 'doc', ['r1', 'r2', 'r3']);
      expect(stored).toEqual(
        new Map([
          [
            'r1',
            {
              organization: { email: 'ALL', slack: 'odd' },
              document: { email: 'NONE', inbox: 'MINE' },
            },
          ],
          ['r2', { organization: { email: 'ALL', slack: 'odd' } }],
          ['r3', {}],
        ]),
      );
      expect(queries).toBe(1);
      expect(await reader.stored(manager, apiKey, 'org-r', 'doc', [])).toEqual(new Map());
      expect(queries).toBe(1);
    });

    beforeEach(() => {
      queries = 0;
    });
  });

  it('projects an event again without effect: rows are guarded by stream version', async () => {
    await set({ organizationId: 'org-v', userIds: ['v'], config: { inbox: 'NONE' } });
    await set({ organizationId: 'org-v', userIds: ['v'], config: { inbox: 'ALL' } });
    const first = {
      globalPosition: '1',
      transactionId: '1',
      eventId: 'redelivered',
      streamId: 'unused',
      streamVersion: 1,
      type: 'notifications.user-settings-set',
      schemaVersion: 1,
      data: {
        apiKey,
        organizationId: 'org-v',
        documentId: '',
        userId: 'v',
        channels: { inbox: 'NONE' },
        at: 1,
      },
      metadata: {},
      createdAt: new Date(),
    };
    await t.app.get(NotificationSettingsProjection).project([first], t.app.get(DataSource).manager);
    expect(await configOf('org-v', 'v')).toEqual({ inbox: 'ALL', email: 'MINE' });
  });

  it('rebuilds the table from the log as the projection kept it', async () => {
    const dataSource = t.app.get(DataSource);
    const rows = () =>
      dataSource.query(
        `SELECT api_key, organization_id, user_id, document_id, channels, version
         FROM notification_settings ORDER BY 1, 2, 3, 4`,
      );
    const before = await rows();
    expect(before.length).toBeGreaterThan(10);
    await dataSource.query(`UPDATE notification_settings SET channels = '{}'`);
    const result = await t.app.get(ProjectionRebuilder).rebuild('notification-settings');
    expect(result?.events).toBeGreaterThan(10);
    expect(await rows()).toEqual(before);
  });
});
