import request from 'supertest';
import { DataSource } from 'typeorm';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { SmtpInbox, type ReceivedMail } from './support/smtp-inbox';

// D14.3 end to end: the unsubscribe link of a received email stops that user's email for that
// document only. A real SMTP relay (a local `smtp-server`) receives what the server sends.

type Headers = Record<string, string>;

const PUBLIC_URL = 'https://collab.example.test';
const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
const organizationId = 'org';

describe('an unsubscribe link followed from a received email (D14.3)', () => {
  let t: TestApp;
  let inbox: SmtpInbox;
  let h: Headers;

  const ok = async (path: string, data: unknown) => {
    const res = await t.post(path, data, h);
    expect({ path, status: res.status, error: res.body.error }).toEqual({
      path,
      status: 200,
      error: undefined,
    });
    return res.body.result.data;
  };

  /** Ann starts a thread in `documentId` that @mentions Bob. */
  const mentionBob = (documentId: string, annotationId: string, commentText: string) =>
    ok('/v2/commentannotations/add', {
      organizationId,
      documentId,
      commentAnnotations: [
        {
          annotationId,
          commentData: [
            { commentText, from: ann, taggedUserContacts: [{ userId: bob.userId, contact: bob }] },
          ],
        },
      ],
    });

  const mailsWith = (marker: string): ReceivedMail[] =>
    inbox.mails.filter((m) => m.text.includes(marker));
  const received = (marker: string) =>
    waitFor(async () => {
      const found = mailsWith(marker);
      return found.length > 0 ? found : undefined;
    }, 20_000);

  /** Bob's notifications (the inbox, not email) that quote `marker`: the pipeline did run. */
  const notificationsWith = async (documentId: string, marker: string): Promise<number> =>
    (
      await t.app.get(DataSource).query(
        `SELECT count(*)::int AS n FROM notifications
         WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
           AND strpos(record::text, $4) > 0`,
        [h['x-service-api-key'], organizationId, documentId, marker],
      )
    )[0].n as number;

  beforeAll(async () => {
    inbox = await SmtpInbox.start();
    t = await createTestApp({
      config: { smtpUrl: inbox.url, publicUrl: PUBLIC_URL, notificationDelayScale: 0.1 },
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
    await ok('/v2/organizations/documents/add', {
      organizationId,
      createOrganization: true,
      documents: [{ documentId: 'doc-a' }, { documentId: 'doc-b' }],
    });
    await ok('/v2/workspace/notificationconfig/update', {
      useNotificationService: true,
      notificationServiceConfig: {},
    });
    await ok('/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: { type: 'default', fromEmail: 'notify@example.com', fromCompany: 'Acme' },
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await inbox?.close();
  });

  it('a one-click POST of the mail’s link stops email for that document only', async () => {
    await mentionBob('doc-a', 'a1', 'mk-stop first in a');
    const [first] = await received('mk-stop first in a');
    expect(first.to).toEqual([bob.email]);

    // What a mail client does with RFC 8058 headers: POST the List-Unsubscribe URL.
    expect(first.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = new URL(/^<([^>]+)>$/.exec(first.headers.get('list-unsubscribe') ?? '')![1]);
    expect(link.origin).toBe(PUBLIC_URL);
    const click = await request(t.app.getHttpServer())
      .post(`${link.pathname}${link.search}`)
      .set('content-type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click');
    expect(click.status).toBe(200);
    expect(click.text).toContain('You are unsubscribed');

    await mentionBob('doc-a', 'a2', 'mk-stop again in a');
    await mentionBob('doc-b', 'b1', 'mk-stop other doc b');
    const [other] = await received('mk-stop other doc b');
    expect(other.to).toEqual([bob.email]);
    // Everything the server had to do is done: the mention in doc-a was notified, not mailed.
    await t.settle(20_000);
    expect(await notificationsWith('doc-a', 'mk-stop again in a')).toBe(1);
    expect(mailsWith('mk-stop again in a')).toEqual([]);
    expect(inbox.mails.flatMap((m) => m.to)).toEqual([bob.email, bob.email]);
  });
});
