import { DataSource } from 'typeorm';
import { SERVER_SECRETS, type ServerSecrets } from '@app/platform';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import {
  unsubscribeKey,
  verifyUnsubscribeToken,
} from '../libs/email/src/unsubscribe/unsubscribe-link';
import { SmtpInbox, type ReceivedMail } from './support/smtp-inbox';

// D14.2-D14.4: notification emails through a real SMTP relay (a local `smtp-server`).

type Headers = Record<string, string>;

const PUBLIC_URL = 'https://collab.example.test';
const ann = { userId: 'ann', name: 'Ann <b>Smith</b>', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const carl = { userId: 'carl', name: 'Carl Diaz', email: 'carl@example.com' };
const doc = { organizationId: 'org', documentId: 'doc' };
const tag = (user: { userId: string }) => ({ userId: user.userId, contact: user });

interface DeliveryRow {
  user_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  message_sealed: string | null;
}

describe('notification email through the SMTP relay (D14.2-D14.4)', () => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    t = await createTestApp({
      config: {
        smtpUrl: inbox.url,
        publicUrl: PUBLIC_URL,
        // Retries after 30 ms rather than 30 s; windows a tenth of their time.
        emailRetryScale: 0.001,
        notificationDelayScale: 0.1,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  beforeEach(() => {
    inbox.answer = () => undefined;
  });

  const ok = async (path: string, data: unknown, h: Headers) => {
    const res = await t.post(path, data, h);
    expect({ path, status: res.status, error: res.body.error }).toEqual({
      path,
      status: 200,
      error: undefined,
    });
    return res.body.result.data;
  };

  /** A key with notifications (as `notificationConfig` says) and email through the relay. */
  async function key(notificationConfig: Record<string, unknown> = {}): Promise<Headers> {
    const h = t.apiKeyHeaders(await t.createWorkspace());
    await ok(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        documents: [{ documentId: 'doc', documentName: 'Launch <plan> & "notes"' }],
      },
      h,
    );
    await ok(
      '/v2/workspace/notificationconfig/update',
      { useNotificationService: true, notificationServiceConfig: notificationConfig },
      h,
    );
    await ok(
      '/v2/workspace/emailconfig/update',
      {
        useEmailService: true,
        emailServiceConfig: {
          type: 'default',
          fromEmail: 'notify@example.com',
          fromCompany: 'Acme',
        },
      },
      h,
    );
    return h;
  }

  const thread = (h: Headers, annotationId: string, commentText: string, tagged: object[]) =>
    ok(
      '/v2/commentannotations/add',
      {
        ...doc,
        commentAnnotations: [
          {
            annotationId,
            commentData: [{ commentText, from: ann, taggedUserContacts: tagged.map(tag as never) }],
          },
        ],
      },
      h,
    );

  const rows = async (h: Headers): Promise<DeliveryRow[]> =>
    t.app.get(DataSource).query(
      `SELECT user_id, status, attempts, last_error, message_sealed FROM email_deliveries
         WHERE api_key = $1 ORDER BY user_id`,
      [h['x-service-api-key']],
    );

  const mailsWith = (marker: string): ReceivedMail[] =>
    inbox.mails.filter((m) => m.text.includes(marker));

  it('mails a tagged user: recipient, subject, escaped body, unsubscribe link and headers', async () => {
    const h = await key();
    const marker = 'mk-escape';
    // A comment's text is plain text: its entities are decoded, so this one reads `<script>`.
    await thread(h, 'a1', `${marker} &lt;script&gt;alert("x")&lt;/script&gt; see`, [bob]);
    const [mail] = await waitFor(async () => {
      const found = mailsWith(marker);
      return found.length > 0 ? found : undefined;
    }, 20_000);
    await t.settle(20_000);
    expect(mailsWith(marker)).toHaveLength(1);

    expect(mail.to).toEqual([bob.email]);
    expect(mail.from).toBe('notify@example.com');
    expect(mail.headers.get('to')).toContain(bob.email);
    expect(mail.headers.get('from')).toContain('notify@example.com');
    expect(mail.headers.get('from')).toContain('via Acme');
    expect(mail.headers.get('reply-to')).toBe(ann.email);
    expect(mail.subject).toBe(
      'Ann <b>Smith</b> mentioned Bob Jones in a new thread in Launch <plan> & "notes"',
    );
    // The plain text says it as written; the HTML escapes every user-given string.
    expect(mail.text).toContain(`${marker} <script>alert("x")</script> see`);
    expect(mail.text).toContain('Launch <plan> & "notes"');
    expect(mail.html).toContain(`${marker} &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; see`);
    expect(mail.html).toContain('Ann &lt;b&gt;Smith&lt;/b&gt; mentioned Bob Jones');
    expect(mail.html).toContain('Launch &lt;plan&gt; &amp; &quot;notes&quot;');
    expect(mail.html).not.toMatch(/<script|<b>Smith|<plan>/);

    // One link, in both parts and in List-Unsubscribe, signed for Bob on this document.
    const link =
      /https:\/\/collab\.example\.test\/v2\/email\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(
        mail.text,
      )?.[0];
    expect(link).toBeDefined();
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${link}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`href="${link}"`);
    const key_ = unsubscribeKey(t.app.get<ServerSecrets>(SERVER_SECRETS).encryptionKey);
    expect(verifyUnsubscribeToken(key_, new URL(link!).searchParams.get('token'))).toEqual({
      apiKey: h['x-service-api-key'],
      organizationId: 'org',
      documentId: 'doc',
      userId: 'bob',
    });

    // The log: sent once, its message dropped; nothing kept for Ann, who wrote it.
    expect(await rows(h)).toEqual([
      { user_id: 'bob', status: 'sent', attempts: 1, last_error: null, message_sealed: null },
    ]);
  });

  it('sends nothing to a user whose email setting is NONE', async () => {
    const h = await key();
    await ok(
      '/v2/notifications/config/set',
      { organizationId: 'org', userIds: ['carl'], config: { email: 'NONE' } },
      h,
    );
    await thread(h, 'a1', 'mk-none for both', [bob, carl]);
    await waitFor(async () => (mailsWith('mk-none').length > 0 ? true : undefined), 20_000);
    await t.settle(20_000);
    // Both are in the notification; only Bob's email was planned at all.
    expect(mailsWith('mk-none').flatMap((m) => m.to)).toEqual([bob.email]);
    expect((await rows(h)).map((r) => [r.user_id, r.status])).toEqual([['bob', 'sent']]);
  });

  it('sends one digest email for a batch window, listing its changes', async () => {
    const h = await key({
      batchConfig: { document: { isEnabled: true, batchWindowSeconds: 30, maxActivities: 50 } },
    });
    await thread(h, 'a1', 'mk-digest first', [bob]);
    await ok(
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'a1', commentData: [{ commentText: 'second', from: carl }] },
      h,
    );
    await ok(
      '/v2/commentannotations/comments/add',
      { ...doc, annotationId: 'a1', commentData: [{ commentText: 'mk-digest last', from: ann }] },
      h,
    );
    // The window (3 s here) closes; the digest is shown and mailed.
    await t.settle(30_000);
    const digests = inbox.mails.filter((m) => m.subject.startsWith('3 new updates'));
    // Everyone the three changes told (tagged, then participants), each once.
    expect(digests.map((m) => m.to).sort()).toEqual([[ann.email], [bob.email], [carl.email]]);
    for (const mail of digests) {
      expect(mail.subject).toBe('3 new updates in Launch <plan> & "notes"');
      expect(mail.text).toContain('Ann <b>Smith</b> mentioned Bob Jones in a new thread');
      expect(mail.text).toContain('mk-digest first');
      expect(mail.text).toContain('… and 1 more');
      expect(mail.text).toContain('Ann <b>Smith</b> replied to a thread');
      expect(mail.text).toContain('mk-digest last');
      expect(mail.html).toContain('Ann &lt;b&gt;Smith&lt;/b&gt; replied to a thread');
    }
    // Nothing but the digests: no email per change.
    expect(inbox.mails.filter((m) => m.text.includes('mk-digest'))).toHaveLength(3);
    expect((await rows(h)).map((r) => [r.user_id, r.status])).toEqual([
      ['ann', 'sent'],
      ['bob', 'sent'],
      ['carl', 'sent'],
    ]);
  });

  it('mails a delayed notification when it is shown, not to a recipient who read it meanwhile', async () => {
    const h = await key({ delayConfig: { isEnabled: true, delaySeconds: 50 } });
    await thread(h, 'a1', 'mk-delay for both', [bob, carl]);
    // Held for 5 s here: Bob reads it in the app meanwhile (the seen check).
    const [{ notification_id: id }] = await waitFor(async () => {
      const found = await t.app
        .get(DataSource)
        .query(`SELECT notification_id FROM notifications WHERE api_key = $1`, [
          h['x-service-api-key'],
        ]);
      return found.length > 0 ? found : undefined;
    }, 20_000);
    await ok(
      '/v2/notifications/update',
      { organizationId: 'org', notifications: [{ id, readByUserIds: ['bob'] }] },
      h,
    );
    await t.settle(30_000);
    // The held notification named both; only its release (Carl alone) was mailed.
    expect(mailsWith('mk-delay').flatMap((m) => m.to)).toEqual([carl.email]);
    expect((await rows(h)).map((r) => [r.user_id, r.status])).toEqual([['carl', 'sent']]);
  });

  it('tries again after a temporary refusal (451) and delivers once', async () => {
    const h = await key();
    let refusals = 0;
    inbox.answer = (mail) => {
      if (!mail.text.includes('mk-451') || refusals > 0) return undefined;
      refusals++;
      return 451;
    };
    await thread(h, 'a1', 'mk-451 try again', [bob]);
    await waitFor(async () => (mailsWith('mk-451').length > 0 ? true : undefined), 20_000);
    await t.settle(20_000);
    expect(inbox.refused.filter((r) => r.code === 451)).toHaveLength(1);
    expect(mailsWith('mk-451')).toHaveLength(1);
    expect(await rows(h)).toEqual([
      { user_id: 'bob', status: 'sent', attempts: 2, last_error: null, message_sealed: null },
    ]);
  });

  it('records a permanent refusal (550) as failed and does not try again', async () => {
    const h = await key();
    inbox.answer = (mail) => (mail.text.includes('mk-550') ? 550 : undefined);
    await thread(h, 'a1', 'mk-550 no such mailbox', [bob]);
    await waitFor(async () => ((await rows(h))[0]?.status === 'failed' ? true : undefined), 20_000);
    // Settled: no job is pending, so no attempt is left to come.
    await t.settle(20_000);
    expect(inbox.refused.filter((r) => r.code === 550)).toHaveLength(1);
    expect(mailsWith('mk-550')).toHaveLength(0);
    expect(await rows(h)).toEqual([
      {
        user_id: 'bob',
        status: 'failed',
        attempts: 1,
        last_error: 'SMTP 550 at DATA',
        message_sealed: null,
      },
    ]);
  });
});
