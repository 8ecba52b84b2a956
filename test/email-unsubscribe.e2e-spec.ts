import request from 'supertest';
import { DataSource } from 'typeorm';
import { unsubscribeKey, unsubscribeUrl, type UnsubscribeTarget } from '@app/email';
import { createTestApp, type TestApp } from '@app/testing';

/**
 * The unsubscribe link of notification emails (D14.3): no API key, only the link's
 * signature; GET shows a button, POST (the button or a mail client's RFC 8058 one-click)
 * turns the email channel to NONE for exactly the link's user and document.
 */
describe('email unsubscribe link', () => {
  let t: TestApp;
  let h: Record<string, string>;
  let apiKey: string;
  let key: Buffer;
  const organizationId = 'unsub-org';

  beforeAll(async () => {
    t = await createTestApp();
    const ws = await t.createWorkspace();
    h = t.apiKeyHeaders(ws);
    apiKey = ws.apiKey;
    key = unsubscribeKey(t.config.encryptionKey!);
    // An email's organization exists (its document and comments made it).
    const add = await t.post(
      '/v2/organizations/add',
      { organizations: [{ organizationId }, { organizationId: 'unsub-gone' }] },
      h,
    );
    if (add.status !== 200) throw new Error(`organizations/add: ${add.status}`);
  });
  afterAll(() => t.close());

  const target = (userId: string, documentId = 'doc-1'): UnsubscribeTarget => ({
    apiKey,
    organizationId,
    documentId,
    userId,
  });
  /** The path and query of a link, as a mail client would request it. */
  const linkOf = (tg: UnsubscribeTarget) => {
    const url = new URL(unsubscribeUrl('https://mail.example.com', key, tg));
    return `${url.pathname}${url.search}`;
  };
  const server = () => request(t.app.getHttpServer());
  const configOf = async (userId: string, documentId?: string) => {
    const res = await t.post(
      '/v2/notifications/config/get',
      documentId === undefined
        ? { organizationId, userId, getOrganizationConfig: true }
        : { organizationId, userId, documentIds: [documentId] },
      h,
    );
    expect(res.status).toBe(200);
    return res.body.result.data[0].config;
  };
  const settingsEvents = async () =>
    (
      await t.app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS n FROM events WHERE type = 'notifications.user-settings-set'`,
        )
    )[0].n as number;
  /** Where the page's form posts: its action resolved against the page's URL, as a browser does. */
  const actionOf = (html: string, pageUrl: string) =>
    new URL(/action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&'), pageUrl).href;
  const oneClick = (path: string) =>
    server()
      .post(path)
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');

  it('GET shows a button that posts to the same link, and changes nothing', async () => {
    const link = linkOf(target('ann'));
    const res = await server().get(link);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).toContain('<form method="post"');
    expect(actionOf(res.text, `https://mail.example.com${link}`)).toBe(
      `https://mail.example.com${link}`,
    );
    expect(await configOf('ann', 'doc-1')).toEqual({ inbox: 'ALL', email: 'MINE' });
  });

  it('the button posts to the link itself behind a PUBLIC_URL with a path prefix', async () => {
    // A proxy serves this server under /collab and strips the prefix before it reaches us.
    const link = unsubscribeUrl('https://mail.example.com/collab', key, target('hal'));
    const url = new URL(link);
    const res = await server().get(`${url.pathname.replace(/^\/collab/, '')}${url.search}`);
    expect(res.status).toBe(200);
    expect(actionOf(res.text, link)).toBe(link);
  });

  it('a one-click POST without any API key sets email NONE for exactly that user and document', async () => {
    const res = await oneClick(linkOf(target('ann')));
    expect(res.status).toBe(200);
    expect(res.text).toContain('You are unsubscribed');
    expect(await configOf('ann', 'doc-1')).toEqual({ inbox: 'ALL', email: 'NONE' });
    // Only that document: not another, not the organization, not another user.
    expect(await configOf('ann', 'doc-2')).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(await configOf('ann')).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(await configOf('bob', 'doc-1')).toEqual({ inbox: 'ALL', email: 'MINE' });
  });

  it('is idempotent: a second click answers the same and records nothing', async () => {
    const before = await settingsEvents();
    expect(before).toBeGreaterThan(0);
    const res = await oneClick(linkOf(target('ann')));
    expect(res.status).toBe(200);
    expect(await settingsEvents()).toBe(before);
    expect(await configOf('ann', 'doc-1')).toEqual({ inbox: 'ALL', email: 'NONE' });
  });

  it('accepts the button of its page, an empty POST and a multipart one-click', async () => {
    const link = linkOf(target('cy'));
    const page = await server().get(link);
    const action = new URL(actionOf(page.text, `http://x${link}`));
    expect((await oneClick(`${action.pathname}${action.search}`)).status).toBe(200);
    expect(await configOf('cy', 'doc-1')).toMatchObject({ email: 'NONE' });

    expect((await server().post(linkOf(target('dee')))).status).toBe(200);
    expect(await configOf('dee', 'doc-1')).toMatchObject({ email: 'NONE' });

    const multipart = await server()
      .post(linkOf(target('eve')))
      .field('List-Unsubscribe', 'One-Click');
    expect(multipart.status).toBe(200);
    expect(await configOf('eve', 'doc-1')).toMatchObject({ email: 'NONE' });
  });

  it('refuses a changed, truncated, foreign or missing token with 400, changing nothing', async () => {
    const before = await settingsEvents();
    const link = linkOf(target('fay'));
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    // The same signature over a payload naming another document.
    const other = new URL(linkOf(target('fay', 'doc-9')), 'http://x').searchParams.get('token')!;
    const swapped = `${other.split('.')[0]}.${signature}`;
    const flipped = Buffer.from(signature, 'base64url');
    flipped[3] ^= 1;
    const foreign = new URL(
      unsubscribeUrl('https://m', unsubscribeKey(Buffer.alloc(32, 7)), target('fay')),
    ).searchParams.get('token')!;
    const bad = [
      `?token=${swapped}`,
      `?token=${payload}.${flipped.toString('base64url')}`,
      `?token=${token.slice(0, -3)}`,
      `?token=${foreign}`,
      `?token=${token}&token=${token}`,
      '',
    ];
    for (const query of bad) {
      const path = `/v2/email/unsubscribe${query}`;
      const post = await oneClick(path).set(h);
      expect({ query, status: post.status }).toEqual({ query, status: 400 });
      expect(post.text).toContain('not valid');
      expect({ query, status: (await server().get(path)).status }).toEqual({ query, status: 400 });
    }
    expect(await settingsEvents()).toBe(before);
    expect(await configOf('fay', 'doc-1')).toEqual({ inbox: 'ALL', email: 'MINE' });
    expect(await configOf('fay', 'doc-9')).toEqual({ inbox: 'ALL', email: 'MINE' });
  });

  it('writes nothing for a key that does not exist (any more), and says it is done', async () => {
    const before = await settingsEvents();
    const res = await oneClick(linkOf({ ...target('gus'), apiKey: 'no-such-key' }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('You are unsubscribed');
    expect(await settingsEvents()).toBe(before);
  });

  it('writes nothing for an organization deleted since (its settings went with it), and says it is done', async () => {
    const gone = { ...target('ida'), organizationId: 'unsub-gone' };
    const del = await t.post('/v2/organizations/delete', { organizationIds: ['unsub-gone'] }, h);
    expect(del.status).toBe(200);
    await t.settle();
    const rows = () =>
      t.app
        .get(DataSource)
        .query(
          `SELECT user_id FROM notification_settings WHERE api_key = $1 AND organization_id = $2`,
          [apiKey, 'unsub-gone'],
        );
    const before = await settingsEvents();
    const res = await oneClick(linkOf(gone));
    expect(res.status).toBe(200);
    expect(res.text).toContain('You are unsubscribed');
    expect(await settingsEvents()).toBe(before);
    expect(await rows()).toEqual([]);
    // Never made: an organization no email could have come from.
    expect(
      (await oneClick(linkOf({ ...target('ida'), organizationId: 'never-made' }))).status,
    ).toBe(200);
    expect(await settingsEvents()).toBe(before);
  });

  it('leaves other routes refusing multipart bodies as before', async () => {
    const res = await server().post('/v2/notifications/config/get').set(h).field('data', 'x');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Content-Type must be application/json' },
    });
  });
});

describe('email unsubscribe link and the rate limit', () => {
  it('is not counted against any limit: many clicks from one address all answer', async () => {
    const t = await createTestApp({ config: { rateLimitRps: 1, rateLimitBurst: 1 } });
    try {
      const ws = await t.createWorkspace();
      const link = new URL(
        unsubscribeUrl('https://m', unsubscribeKey(t.config.encryptionKey!), {
          apiKey: ws.apiKey,
          organizationId: 'o',
          documentId: 'd',
          userId: 'u',
        }),
      );
      const path = `${link.pathname}${link.search}`;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await request(t.app.getHttpServer()).post(path)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await t.close();
    }
  });
});
