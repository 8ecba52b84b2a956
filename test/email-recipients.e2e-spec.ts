import { DataSource } from 'typeorm';
import { createTestApp, type TestApp } from '@app/testing';
import { SmtpInbox, type ReceivedMail } from './support/smtp-inbox';

// D14.3: who a notification email goes to and what it says of its sender, for digests that
// span documents and actions, one's own change, odd addresses and caller-made notifications.

type Headers = Record<string, string>;

const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const carl = { userId: 'carl', name: 'Carl Diaz', email: 'carl@example.com' };
const tag = (user: { userId: string }) => ({ userId: user.userId, contact: user });

describe('notification email recipients (D14.3)', () => {
  let t: TestApp;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    t = await createTestApp({
      config: {
        smtpUrl: inbox.url,
        publicUrl: 'https://collab.example.test',
        emailRetryScale: 0.001,
        // Windows a tenth of their time: 30 s → 3 s.
        notificationDelayScale: 0.1,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await inbox?.close();
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

  /** A key with documents A and B, notifications as given and email through the relay. */
  async function key(
    notificationConfig: Record<string, unknown> = {},
    emailConfig: Record<string, unknown> = {},
  ): Promise<Headers> {
    const h = t.apiKeyHeaders(await t.createWorkspace());
    await ok(
      '/v2/organizations/documents/add',
      {
        organizationId: 'org',
        createOrganization: true,
        documents: [
          { documentId: 'doc-a', documentName: 'Doc A' },
          { documentId: 'doc-b', documentName: 'Doc B' },
        ],
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
          ...emailConfig,
        },
      },
      h,
    );
    return h;
  }

  const thread = (
    h: Headers,
    documentId: string,
    annotationId: string,
    commentText: string,
    tagged: object[],
  ) =>
    ok(
      '/v2/commentannotations/add',
      {
        organizationId: 'org',
        documentId,
        commentAnnotations: [
          {
            annotationId,
            commentData: [{ commentText, from: ann, taggedUserContacts: tagged.map(tag as never) }],
          },
        ],
      },
      h,
    );

  const reply = (h: Headers, annotationId: string, commentText: string, from: object) =>
    ok(
      '/v2/commentannotations/comments/add',
      {
        organizationId: 'org',
        documentId: 'doc-a',
        annotationId,
        commentData: [{ commentText, from }],
      },
      h,
    );

  const rows = async (h: Headers): Promise<{ user_id: string; status: string }[]> =>
    t.app
      .get(DataSource)
      .query(`SELECT user_id, status FROM email_deliveries WHERE api_key = $1 ORDER BY user_id`, [
        h['x-service-api-key'],
      ]);

  const mailsWith = (marker: string): ReceivedMail[] =>
    inbox.mails.filter((m) => m.text.includes(marker));

  const userWindow = { batchConfig: { user: { isEnabled: true, batchWindowSeconds: 30 } } };
  const documentWindow = {
    batchConfig: { document: { isEnabled: true, batchWindowSeconds: 30, maxActivities: 50 } },
  };

  it("drops a user's digest recipient whose email is off on any document it holds", async () => {
    const h = await key(userWindow);
    // Bob unsubscribed from Doc B only (what the unsubscribe link writes).
    await ok(
      '/v2/notifications/config/set',
      {
        organizationId: 'org',
        documentIds: ['doc-b'],
        userIds: ['bob'],
        config: { email: 'NONE' },
      },
      h,
    );
    // A, B, A: Doc B is neither the digest's document nor its first or last change's.
    await thread(h, 'doc-a', 'a1', 'mk-span one', [bob, carl]);
    await thread(h, 'doc-b', 'b1', 'mk-span two', [bob, carl]);
    await thread(h, 'doc-a', 'a2', 'mk-span three', [bob, carl]);
    await t.settle(30_000);
    const mails = mailsWith('mk-span');
    expect(mails.map((m) => m.to)).toEqual([[carl.email]]);
    const [mail] = mails;
    expect(mail.subject).toBe('3 new updates for you');
    expect(mail.text).toContain('Updates for you');
    expect(mail.text).not.toContain('Updates in');
    // The link stops the digest's document's emails, and the body says which document.
    expect(mail.text).toMatch(
      /Unsubscribe from the emails of Doc A: https:\/\/collab\.example\.test\//,
    );
    expect(mail.html).toContain('from the emails of Doc A.');
    expect(await rows(h)).toEqual([{ user_id: 'carl', status: 'sent' }]);
  });

  it('mails a digest when any action it folded has its trigger on, not only its last', async () => {
    const h = await key(documentWindow, { triggers: { comment: { 'comment.add': false } } });
    // A new thread (trigger on), then a reply (comment.add, off): the digest's last is the reply.
    await thread(h, 'doc-a', 'a1', 'mk-trigger thread', [bob]);
    await reply(h, 'a1', 'mk-trigger reply', carl);
    await t.settle(30_000);
    const digests = mailsWith('mk-trigger');
    expect(digests.map((m) => m.to).sort()).toEqual([[ann.email], [bob.email]]);
    for (const mail of digests) expect(mail.subject).toBe('2 new updates in Doc A');
  });

  it('sends a digest about their own last change from the company alone, without Reply-To', async () => {
    const h = await key(documentWindow);
    await thread(h, 'doc-a', 'a1', 'mk-own first', [bob]);
    await reply(h, 'a1', 'mk-own second', carl);
    await reply(h, 'a1', 'mk-own last', ann);
    await t.settle(30_000);
    const byTo = new Map(mailsWith('mk-own').map((m) => [m.to.join(), m]));
    expect([...byTo.keys()].sort()).toEqual([ann.email, bob.email, carl.email]);
    // Ann wrote the last change: no "Ann Smith via Acme", no reply to herself.
    const own = byTo.get(ann.email)!;
    expect(own.headers.get('from')).not.toContain('Ann');
    expect(own.headers.get('from')).toContain('Acme');
    expect(own.headers.has('reply-to')).toBe(false);
    // The others: from Ann via Acme, replies to Ann.
    const other = byTo.get(carl.email)!;
    expect(other.headers.get('from')).toContain('Ann Smith via Acme');
    expect(other.headers.get('reply-to')).toBe(ann.email);
  });

  it('plans no email to an address that is not one plain address', async () => {
    const h = await key();
    const eve = { userId: 'eve', name: 'Eve', email: 'bob@x, evil@y.com' };
    await thread(h, 'doc-a', 'a1', 'mk-address for both', [bob, eve]);
    await t.settle(30_000);
    expect(mailsWith('mk-address').map((m) => m.to)).toEqual([[bob.email]]);
    expect(inbox.mails.flatMap((m) => m.to).filter((to) => to.includes('y.com'))).toEqual([]);
    expect(await rows(h)).toEqual([{ user_id: 'bob', status: 'sent' }]);
  });

  it("mails no notification a caller added (operation 23), even one naming source 'comment'", async () => {
    const h = await key();
    const activity = {
      actionType: 'comment_annotation.add',
      documentId: 'doc-a',
      targetAnnotationId: 'a1',
      timestamp: 1,
      displayHeadlineMessageTemplate: 'mk-caller',
      displayHeadlineMessageTemplateData: {},
      displayBodyMessage: 'mk-caller',
    };
    await ok(
      '/v2/notifications/add',
      {
        organizationId: 'org',
        documentId: 'doc-a',
        notificationId: 'comment_caller',
        actionUser: ann,
        displayHeadlineMessageTemplate: 'mk-caller',
        displayBodyMessage: 'mk-caller',
        notificationSource: 'comment',
        // Shaped as a digest, naming an action whose trigger is on.
        notificationSourceData: {
          batch: { scope: 'document', windowStart: 0, closesAt: 1, count: 1 },
          first: activity,
          last: activity,
          recipients: [bob],
          actionTypes: ['comment_annotation.add'],
        },
        notifyAll: false,
        notifyUsers: [bob],
      },
      h,
    );
    // The derived one after it is mailed: planning has passed the caller's.
    await thread(h, 'doc-a', 'a1', 'mk-derived', [bob]);
    await t.settle(30_000);
    expect(mailsWith('mk-derived').map((m) => m.to)).toEqual([[bob.email]]);
    expect(mailsWith('mk-caller')).toEqual([]);
    expect(await rows(h)).toHaveLength(1);
  });
});
