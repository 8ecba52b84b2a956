import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SecretBox } from '@app/platform';
import { EmailConfigReader } from '../libs/email/src/application/common/email-config.reader';
import { createTestApp, type TestApp, type TestWorkspace } from '@app/testing';

const GET = '/v2/workspace/emailconfig/get';
const UPDATE = '/v2/workspace/emailconfig/update';
const NOTHING_TO_UPDATE = 'At least one of useEmailService or emailServiceConfig must be provided';

/** The hosted answer of a key never configured. */
const HOSTED_DEFAULT = {
  useEmailService: false,
  emailServiceConfig: {
    type: 'default',
    apiKey: '',
    fromEmail: '',
    fromCompany: '',
    commentTemplateId: '',
    tagTemplateId: '',
  },
};

/** The standard comment triggers and every huddle trigger, all on (as notificationconfig). */
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

const SENDGRID_KEY = 'SG.live-sendgrid-key-0123456789-WXYZ';

// The API key's email configuration (D14.1): the hosted get/update, deep merge, seeding on
// the first enable, the SendGrid key sealed and masked, the SMTP precondition, validation.
describe('email config (D14.1)', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  let fresh: () => Promise<TestWorkspace>;

  beforeAll(async () => {
    t = await createTestApp();
    ws = await t.createWorkspace('email-config@example.com');
    fresh = () => t.createApiKey(ws);
  });
  afterAll(() => t?.close());

  const h = (key: TestWorkspace) => t.apiKeyHeaders(key);
  const get = async (key: TestWorkspace) => {
    const res = await t.post(GET, {}, h(key));
    expect(res.status).toBe(200);
    return res.body.result.data;
  };
  const update = async (key: TestWorkspace, data: unknown) => {
    const res = await t.post(UPDATE, data, h(key));
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
    expect(res.body.result.message).toBe('Email configuration updated successfully.');
    return res.body.result.data;
  };
  const setupOf = async (key: TestWorkspace) =>
    (await t.app.get(EmailConfigReader).read(t.app.get(DataSource).manager, [key.apiKey])).get(
      key.apiKey,
    );
  /** A key made by operation 1 (`apikey/create`) with these settings. */
  const createdKey = async (settings: Record<string, unknown>): Promise<TestWorkspace> => {
    const created = await t.post(
      '/v2/workspace/apikey/create',
      { ownerEmail: 'email-config@example.com', ...settings },
      t.workspaceHeaders(ws),
    );
    expect(created.status).toBe(200);
    const apiKey: string = created.body.result.data.apiKey;
    const tokens = await t.post('/v2/workspace/authtokens/get', { apiKey }, t.workspaceHeaders(ws));
    return { ...ws, apiKey, authToken: tokens.body.result.data.authTokens[0].token };
  };
  const eventsOf = async (key: TestWorkspace): Promise<number> => {
    const [{ n }] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [
        `email-settings:${encodeURIComponent(key.apiKey)}`,
      ]);
    return n;
  };

  it('answers a key never configured exactly as hosted', async () => {
    const res = await t.post(GET, {}, h(await fresh()));
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Email configuration retrieved successfully.',
        data: HOSTED_DEFAULT,
      },
    });
  });

  it('merges an update into what is stored and answers the state after it, as get does', async () => {
    const key = await fresh();
    const first = await update(key, {
      emailServiceConfig: {
        fromEmail: 'noreply@example.com',
        fromCompany: 'Example',
        commentTemplateId: 'd-comment',
        triggers: { comment: { 'comment.add': true }, 'comment_annotation.assign': false },
      },
    });
    expect(first).toEqual({
      useEmailService: false,
      emailServiceConfig: {
        type: 'default',
        apiKey: '',
        fromEmail: 'noreply@example.com',
        fromCompany: 'Example',
        commentTemplateId: 'd-comment',
        tagTemplateId: '',
        triggers: { comment: { 'comment.add': true }, 'comment_annotation.assign': false },
      },
    });
    const second = await update(key, {
      emailServiceConfig: {
        tagTemplateId: 'd-tag',
        triggers: { comment: { 'comment.update': true }, 'comment_annotation.assign': true },
      },
    });
    expect(second).toEqual({
      useEmailService: false,
      emailServiceConfig: {
        type: 'default',
        apiKey: '',
        fromEmail: 'noreply@example.com',
        fromCompany: 'Example',
        commentTemplateId: 'd-comment',
        tagTemplateId: 'd-tag',
        triggers: {
          comment: { 'comment.add': true, 'comment.update': true },
          'comment_annotation.assign': true,
        },
      },
    });
    expect(await get(key)).toEqual(second);
    // Either form turns a trigger on for the senders.
    expect([...(await setupOf(key))!.triggers].sort()).toEqual([
      'comment.add',
      'comment.update',
      'comment_annotation.assign',
    ]);
  });

  it('seeds the default triggers and type custom on the first enable, keeping other fields', async () => {
    const key = await fresh();
    await update(key, { emailServiceConfig: { fromCompany: 'Kept Co' } });
    const enabled = await update(key, { useEmailService: true });
    expect(enabled).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'custom',
        apiKey: '',
        fromEmail: '',
        fromCompany: 'Kept Co',
        commentTemplateId: '',
        tagTemplateId: '',
        triggers: SEEDED,
      },
    });
    // A second enable seeds nothing: the caller's trigger change stays.
    await update(key, { emailServiceConfig: { triggers: { huddle: { 'huddle.join': false } } } });
    const again = await update(key, { useEmailService: true });
    expect(again.emailServiceConfig.triggers.huddle).toEqual({
      'huddle.create': true,
      'huddle.join': false,
    });

    // `type: "custom"` enables too; the request is merged on top of the seed.
    const other = await fresh();
    const custom = await update(other, {
      emailServiceConfig: {
        type: 'custom',
        fromEmail: 'team@example.com',
        triggers: { comment: { 'comment.delete': false } },
      },
    });
    expect(custom).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'custom',
        apiKey: '',
        fromEmail: 'team@example.com',
        fromCompany: '',
        commentTemplateId: '',
        tagTemplateId: '',
        triggers: { ...SEEDED, comment: { ...SEEDED.comment, 'comment.delete': false } },
      },
    });
  });

  it('keeps a type chosen before the first enable (update or operation 1), seeding only triggers', async () => {
    const byUpdate = await fresh();
    await update(byUpdate, { emailServiceConfig: { type: 'sendgrid', apiKey: SENDGRID_KEY } });
    expect(await update(byUpdate, { useEmailService: true })).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: '...WXYZ', triggers: SEEDED },
    });
    const byOp1 = await createdKey({
      emailServiceConfig: { type: 'sendgrid', apiKey: SENDGRID_KEY, fromEmail: 'a@example.com' },
    });
    expect(await update(byOp1, { useEmailService: true })).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', fromEmail: 'a@example.com', triggers: SEEDED },
    });
    expect((await setupOf(byOp1))?.sendgridApiKey).toBe(SENDGRID_KEY);
  });

  it('enables through operation 1 as the first update does: type custom when none given', async () => {
    const key = await createdKey({ useEmailService: true, setDefaultEmailTriggers: true });
    const expected = {
      useEmailService: true,
      emailServiceConfig: {
        ...HOSTED_DEFAULT.emailServiceConfig,
        type: 'custom',
        triggers: SEEDED,
      },
    };
    expect(await get(key)).toEqual(expected);
    // Without SMTP_URL, enabling again is not refused as a choice of type default.
    expect(await update(key, { useEmailService: true })).toEqual(expected);
    // Service off, or a type named: stored as given.
    expect(
      (await get(await createdKey({ setDefaultEmailTriggers: true }))).emailServiceConfig.type,
    ).toBe('default');
  });

  it('seals the SendGrid key, shows it masked, keeps it when its mask comes back, clears it on ""', async () => {
    const key = await fresh();
    const set = await update(key, {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: SENDGRID_KEY,
        fromEmail: 'noreply@example.com',
      },
    });
    expect(set.emailServiceConfig).toMatchObject({ type: 'sendgrid', apiKey: '...WXYZ' });
    expect((await get(key)).emailServiceConfig.apiKey).toBe('...WXYZ');
    expect((await setupOf(key))!.sendgridApiKey).toBe(SENDGRID_KEY);
    const sealed: { sealed_api_key: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT sealed_api_key FROM email_configs WHERE api_key = $1`, [key.apiKey]);
    expect(sealed[0].sealed_api_key).toMatch(/^v1\./);

    // A client saving back what get showed keeps the key.
    const roundTrip = await get(key);
    await update(key, {
      ...roundTrip,
      emailServiceConfig: { ...roundTrip.emailServiceConfig, fromCompany: 'New' },
    });
    expect((await setupOf(key))!.sendgridApiKey).toBe(SENDGRID_KEY);
    expect((await get(key)).emailServiceConfig).toMatchObject({
      apiKey: '...WXYZ',
      fromCompany: 'New',
    });

    // Another key replaces it; "" clears it (with the service off, as SendGrid needs one on).
    await update(key, { emailServiceConfig: { apiKey: 'SG.another-key-9876-ABCD' } });
    expect((await setupOf(key))!.sendgridApiKey).toBe('SG.another-key-9876-ABCD');
    await update(key, { useEmailService: false, emailServiceConfig: { apiKey: '' } });
    expect((await get(key)).emailServiceConfig.apiKey).toBe('');
    expect((await setupOf(key))!.sendgridApiKey).toBeUndefined();
  });

  it("refuses a masked-looking key that is not the stored key's mask, and stores nothing", async () => {
    const key = await fresh();
    // No key stored: the mask of one can only be a client's mistake, never a key.
    for (const apiKey of ['...WXYZ', '...']) {
      const res = await t.post(UPDATE, { emailServiceConfig: { apiKey } }, h(key));
      expect({ status: res.status, error: res.body.error?.status }).toEqual({
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0].field).toBe('data.emailServiceConfig.apiKey');
    }
    expect(await eventsOf(key)).toBe(0);
    // A key stored: another key's mask is refused, its own keeps it.
    await update(key, { emailServiceConfig: { apiKey: SENDGRID_KEY } });
    const other = await t.post(UPDATE, { emailServiceConfig: { apiKey: '...ABCD' } }, h(key));
    expect(other.body.error?.status).toBe('INVALID_ARGUMENT');
    await update(key, { emailServiceConfig: { apiKey: '...WXYZ', fromCompany: 'Same key' } });
    expect((await setupOf(key))?.sendgridApiKey).toBeUndefined(); // type default: not opened
    const stored: { sealed_api_key: string }[] = await t.app
      .get(DataSource)
      .query(`SELECT sealed_api_key FROM email_configs WHERE api_key = $1`, [key.apiKey]);
    expect(t.app.get(SecretBox).open(stored[0].sealed_api_key)).toBe(SENDGRID_KEY);
    expect(await eventsOf(key)).toBe(2);
  });

  it('records no event for an update that changes nothing (the stored state read back from jsonb)', async () => {
    const key = await fresh();
    const data = {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: SENDGRID_KEY,
        fromEmail: 'noreply@example.com',
        triggers: { huddle: { 'huddle.join': false }, 'comment.add': true },
      },
    };
    const first = await update(key, data);
    expect(await eventsOf(key)).toBe(1);
    // The same request again (the same key in clear too), then what get shows sent back.
    expect(await update(key, data)).toEqual(first);
    expect(await update(key, await get(key))).toEqual(first);
    expect(await update(key, { useEmailService: true })).toEqual(first);
    expect(await eventsOf(key)).toBe(1);
    await update(key, { emailServiceConfig: { fromCompany: 'Changed' } });
    expect(await eventsOf(key)).toBe(2);
  });

  it('keeps trigger names that are Object.prototype members, refuses the ones the pipeline strips', async () => {
    const key = await fresh();
    const triggers = {
      toString: false,
      hasOwnProperty: true,
      comment: { valueOf: true, 'comment.add': true },
    };
    const res = await update(key, { emailServiceConfig: { triggers } });
    expect(res.emailServiceConfig.triggers).toEqual(triggers);
    expect((await get(key)).emailServiceConfig.triggers).toEqual(triggers);
    expect([...(await setupOf(key))!.triggers].sort()).toEqual([
      'comment.add',
      'hasOwnProperty',
      'valueOf',
    ]);
    // Never a 200 for a trigger that is not stored: these names are refused, not dropped.
    // `__proto__` never reaches the application: the body parser refuses any body holding it.
    for (const [body, message] of [
      ['{"emailServiceConfig":{"triggers":{"constructor":true}}}', /"constructor"/],
      ['{"emailServiceConfig":{"triggers":{"comment":{"prototype":true}}}}', /"prototype"/],
      [
        '{"emailServiceConfig":{"triggers":{"__proto__":{"polluted":true}}}}',
        /^Request body must be a JSON object/,
      ],
    ] as const) {
      const refused = await t.post(UPDATE, JSON.parse(body), h(key));
      expect({ body, status: refused.status, error: refused.body.error?.status }).toEqual({
        body,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(refused.body.error.message).toMatch(message);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await get(key)).emailServiceConfig.triggers).toEqual(triggers);
    expect(await eventsOf(key)).toBe(1);
  });

  it('reads the other keys when one SendGrid key cannot be opened, and shows that one as "..."', async () => {
    const [broken, sound] = [await fresh(), await fresh()];
    for (const key of [broken, sound]) {
      await update(key, {
        useEmailService: true,
        emailServiceConfig: { type: 'sendgrid', apiKey: SENDGRID_KEY, fromEmail: 'a@example.com' },
      });
    }
    // Sealed under another SERVICE_ENCRYPTION_KEY (or damaged): its tag no longer matches.
    const db = t.app.get(DataSource);
    const [{ sealed_api_key: sealed }]: { sealed_api_key: string }[] = await db.query(
      `SELECT sealed_api_key FROM email_configs WHERE api_key = $1`,
      [broken.apiKey],
    );
    const [version, iv, , body] = sealed.split('.');
    await db.query(`UPDATE email_configs SET sealed_api_key = $2 WHERE api_key = $1`, [
      broken.apiKey,
      [version, iv, Buffer.alloc(16).toString('base64url'), body].join('.'),
    ]);
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const setups = await t.app
        .get(EmailConfigReader)
        .read(db.manager, [broken.apiKey, sound.apiKey]);
      expect(setups.get(sound.apiKey)?.sendgridApiKey).toBe(SENDGRID_KEY);
      expect(setups.get(broken.apiKey)).toMatchObject({ type: 'sendgrid', useEmailService: true });
      expect(setups.get(broken.apiKey)).not.toHaveProperty('sendgridApiKey');
      const logged = warn.mock.calls.map((args) => args.join(' ')).join('\n');
      expect(logged).toContain(broken.apiKey);
      expect(logged).not.toContain(SENDGRID_KEY);
    } finally {
      warn.mockRestore();
    }
    expect((await get(broken)).emailServiceConfig.apiKey).toBe('...');
  });

  it('refuses type sendgrid with the service on and no key, naming emailServiceConfig.apiKey', async () => {
    const key = await fresh();
    const res = await t.post(
      UPDATE,
      { useEmailService: true, emailServiceConfig: { type: 'sendgrid' } },
      h(key),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.status).toBe('INVALID_ARGUMENT');
    expect(res.body.error.details.fields[0].field).toBe('data.emailServiceConfig.apiKey');
    expect(await eventsOf(key)).toBe(0);
  });

  it('refuses a template id SendGrid would take as legacy (not "d-"), naming it; "" clears', async () => {
    const key = await fresh();
    for (const field of ['commentTemplateId', 'tagTemplateId']) {
      const res = await t.post(UPDATE, { emailServiceConfig: { [field]: 'tpl-comment' } }, h(key));
      expect({ status: res.status, error: res.body.error?.status }).toEqual({
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect(res.body.error.details.fields[0].field).toBe(`data.emailServiceConfig.${field}`);
    }
    expect(await eventsOf(key)).toBe(0);
    await update(key, { emailServiceConfig: { commentTemplateId: 'd-c', tagTemplateId: 'd-t' } });
    await update(key, { emailServiceConfig: { commentTemplateId: '', tagTemplateId: '' } });
    const { commentTemplateId, tagTemplateId } = (await get(key)).emailServiceConfig;
    expect({ commentTemplateId, tagTemplateId }).toEqual({
      commentTemplateId: '',
      tagTemplateId: '',
    });
  });

  it('refuses type default without an SMTP relay (FAILED_PRECONDITION) and stores nothing', async () => {
    const key = await fresh();
    for (const data of [
      { emailServiceConfig: { type: 'default' } },
      { useEmailService: true, emailServiceConfig: { type: 'default' } },
    ]) {
      const res = await t.post(UPDATE, data, h(key));
      expect({ status: res.status, error: res.body.error?.status }).toEqual({
        status: 400,
        error: 'FAILED_PRECONDITION',
      });
      expect(res.body.error.message).toMatch(/SMTP_URL/);
    }
    // Enabling while the stored type is default (triggers already set: nothing seeded).
    await update(key, { emailServiceConfig: { triggers: { 'comment.add': true } } });
    const enable = await t.post(UPDATE, { useEmailService: true }, h(key));
    expect(enable.body.error?.status).toBe('FAILED_PRECONDITION');
    expect(await eventsOf(key)).toBe(1);
    expect((await get(key)).useEmailService).toBe(false);
  });

  it('refuses bad input with INVALID_ARGUMENT naming the field, and stores nothing', async () => {
    const key = await fresh();
    const cases: [unknown, string][] = [
      [{}, 'data'],
      [{ useEmailService: null }, 'data'],
      [{ useEmailService: 'yes' }, 'data.useEmailService'],
      [{ emailServiceConfig: 'x' }, 'data.emailServiceConfig'],
      [{ emailServiceConfig: { type: 'mailgun' } }, 'data.emailServiceConfig.type'],
      [{ emailServiceConfig: { type: 7 } }, 'data.emailServiceConfig.type'],
      [{ emailServiceConfig: { apiKey: 12 } }, 'data.emailServiceConfig.apiKey'],
      [{ emailServiceConfig: { apiKey: 'k'.repeat(1001) } }, 'data.emailServiceConfig.apiKey'],
      [
        { emailServiceConfig: { fromEmail: 'not an address' } },
        'data.emailServiceConfig.fromEmail',
      ],
      [{ emailServiceConfig: { fromEmail: true } }, 'data.emailServiceConfig.fromEmail'],
      [
        { emailServiceConfig: { fromCompany: 'c'.repeat(201) } },
        'data.emailServiceConfig.fromCompany',
      ],
      [
        { emailServiceConfig: { commentTemplateId: [] } },
        'data.emailServiceConfig.commentTemplateId',
      ],
      [{ emailServiceConfig: { tagTemplateId: {} } }, 'data.emailServiceConfig.tagTemplateId'],
      [{ emailServiceConfig: { triggers: [] } }, 'data.emailServiceConfig.triggers'],
      [
        { emailServiceConfig: { triggers: { 'comment.add': 'yes' } } },
        'data.emailServiceConfig.triggers',
      ],
      [
        { emailServiceConfig: { triggers: { comment: { 'comment.add': 1 } } } },
        'data.emailServiceConfig.triggers',
      ],
    ];
    for (const [data, field] of cases) {
      const res = await t.post(UPDATE, data, h(key));
      expect({ field, status: res.status, error: res.body.error?.status }).toEqual({
        field,
        status: 400,
        error: 'INVALID_ARGUMENT',
      });
      expect({ field, named: res.body.error.details.fields[0].field }).toEqual({
        field,
        named: field,
      });
    }
    const nothing = await t.post(UPDATE, {}, h(key));
    expect(nothing.body.error.message).toBe(NOTHING_TO_UPDATE);
    const bad = await t.post(UPDATE, { emailServiceConfig: { triggers: { a: 'b' } } }, h(key));
    expect(bad.body.error.message).toMatch(
      /triggers\.a must be a boolean or an object of booleans/,
    );
    expect(await eventsOf(key)).toBe(0);
    expect(await get(key)).toEqual(HOSTED_DEFAULT);
  });

  it('starts from what operation 1 set, and reads many keys in one call (unconfigured ones absent)', async () => {
    const created = await t.post(
      '/v2/workspace/apikey/create',
      {
        ownerEmail: 'email-config@example.com',
        useEmailService: true,
        setDefaultEmailTriggers: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: SENDGRID_KEY,
          fromEmail: 'op1@example.com',
          fromCompany: 'Op One',
        },
      },
      t.workspaceHeaders(ws),
    );
    expect(created.status).toBe(200);
    const apiKey: string = created.body.result.data.apiKey;
    const tokens = await t.post('/v2/workspace/authtokens/get', { apiKey }, t.workspaceHeaders(ws));
    const key = { ...ws, apiKey, authToken: tokens.body.result.data.authTokens[0].token };
    expect(await get(key)).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: '...WXYZ',
        fromEmail: 'op1@example.com',
        fromCompany: 'Op One',
        commentTemplateId: '',
        tagTemplateId: '',
        triggers: SEEDED,
      },
    });
    const updated = await update(key, { emailServiceConfig: { commentTemplateId: 'd-1' } });
    expect(updated.emailServiceConfig).toMatchObject({
      type: 'sendgrid',
      apiKey: '...WXYZ',
      fromCompany: 'Op One',
      commentTemplateId: 'd-1',
    });

    const never = await fresh();
    const setups = await t.app
      .get(EmailConfigReader)
      .read(t.app.get(DataSource).manager, [key.apiKey, never.apiKey, 'no-such-key']);
    expect([...setups.keys()]).toEqual([key.apiKey]);
    expect(setups.get(key.apiKey)).toMatchObject({
      useEmailService: true,
      type: 'sendgrid',
      fromEmail: 'op1@example.com',
      fromCompany: 'Op One',
      commentTemplateId: 'd-1',
      tagTemplateId: '',
      sendgridApiKey: SENDGRID_KEY,
    });
    expect(setups.get(key.apiKey)!.triggers.has('huddle.join')).toBe(true);
  });
});

describe('email config with an SMTP relay (D14.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:2525' } });
  });
  afterAll(() => t?.close());

  it('keeps type default on the first enable when it was chosen', async () => {
    const ws = await t.createWorkspace('smtp-chosen@example.com');
    const chose = await t.post(
      UPDATE,
      { emailServiceConfig: { type: 'default' } },
      t.apiKeyHeaders(ws),
    );
    expect(chose.status).toBe(200);
    const enabled = await t.post(UPDATE, { useEmailService: true }, t.apiKeyHeaders(ws));
    expect(enabled.body.result.data).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'default', triggers: SEEDED },
    });
  });

  it('accepts type default and enabling it when SMTP_URL is set', async () => {
    const ws = await t.createWorkspace('smtp@example.com');
    const res = await t.post(
      UPDATE,
      {
        useEmailService: true,
        emailServiceConfig: { type: 'default', fromEmail: 'noreply@example.com' },
      },
      t.apiKeyHeaders(ws),
    );
    expect(res.status).toBe(200);
    expect(res.body.result.data).toMatchObject({
      useEmailService: true,
      emailServiceConfig: { type: 'default', fromEmail: 'noreply@example.com', triggers: SEEDED },
    });
  });
});
