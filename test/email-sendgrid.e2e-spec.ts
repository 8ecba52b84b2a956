import { jest } from '@jest/globals';
import { DataSource } from 'typeorm';
import { SendGridSender } from '@app/email';
import { createTestApp, waitFor, type TestApp } from '@app/testing';
import { FakeSendGrid, type SendGridRequest } from './support/fake-sendgrid';
import { freePort } from './support/free-port';

// D14.2: notification email through SendGrid's v3 API (the official @sendgrid/mail), here
// a local fake standing in for api.sendgrid.com (config sendgridBaseUrl).

const email = {
  to: { email: 'bob@example.com', name: 'Bob Jones' },
  from: { email: 'notify@example.com', name: 'Ann via Acme' },
  replyTo: 'ann@example.com',
  subject: 'Ann mentioned you',
  text: 'plain body',
  html: '<p>html body</p>',
  headers: {
    'List-Unsubscribe': '<https://collab.example.test/v2/email/unsubscribe?token=t.s>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
};

describe('SendGridSender against a fake SendGrid', () => {
  let t: TestApp;
  let fake: FakeSendGrid;
  let sender: SendGridSender;

  beforeAll(async () => {
    fake = await FakeSendGrid.start();
    t = await createTestApp({ config: { sendgridBaseUrl: fake.url } });
    sender = t.app.get(SendGridSender);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.answer = () => 202;
  });

  const last = (): SendGridRequest => fake.requests[fake.requests.length - 1];

  it('posts a dynamic template to /v3/mail/send with the workspace key', async () => {
    const outcome = await sender.send('SG.workspace-key-1', {
      ...email,
      templateId: 'd-comment',
      templateData: { latestComment: { commentText: 'hi' }, commentsCount: '1' },
    });
    expect(outcome).toEqual({ sent: true, messageId: expect.stringMatching(/^msg-\d+$/) });
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/mail/send');
    expect(request.headers.authorization).toBe('Bearer SG.workspace-key-1');
    expect(request.body).toEqual({
      personalizations: [
        {
          to: [{ email: 'bob@example.com', name: 'Bob Jones' }],
          dynamic_template_data: { latestComment: { commentText: 'hi' }, commentsCount: '1' },
        },
      ],
      from: { email: 'notify@example.com', name: 'Ann via Acme' },
      reply_to: { email: 'ann@example.com' },
      template_id: 'd-comment',
      headers: email.headers,
    });
  });

  it('sends subject, text and HTML when there is no template', async () => {
    await sender.send('SG.workspace-key-2', email);
    const { body, headers } = last();
    expect(headers.authorization).toBe('Bearer SG.workspace-key-2');
    expect(body).toMatchObject({
      subject: 'Ann mentioned you',
      content: [
        { type: 'text/plain', value: 'plain body' },
        { type: 'text/html', value: '<p>html body</p>' },
      ],
    });
    expect(body).not.toHaveProperty('template_id');
  });

  it('writes nothing to the console: template values with quotes or &, a key without "SG."', async () => {
    const warn = jest.spyOn(console, 'warn');
    const log = jest.spyOn(console, 'log');
    const templateData = { latestComment: { commentText: `Tom & "Jerry's"` }, pageTitle: 'A & B' };
    const outcome = await sender.send('key-without-prefix', {
      ...email,
      templateId: 'd-comment',
      templateData,
    });
    const calls = [...warn.mock.calls, ...log.mock.calls];
    warn.mockRestore();
    log.mockRestore();
    expect(outcome).toMatchObject({ sent: true });
    expect(last().headers.authorization).toBe('Bearer key-without-prefix');
    expect(last().body.personalizations[0].dynamic_template_data).toEqual(templateData);
    expect(calls).toEqual([]);
  });

  it('answers 429 and 5xx as temporary, other 4xx as permanent, reasons without the answer body', async () => {
    const outcomes: Record<number, unknown> = {};
    for (const status of [429, 500, 503, 400, 401, 403, 413]) {
      fake.answer = () => status;
      outcomes[status] = await sender.send('SG.k', email);
    }
    const failed = (temporary: boolean, status: number) => ({
      sent: false,
      temporary,
      reason: `SendGrid ${status}`,
    });
    expect(outcomes).toEqual({
      429: failed(true, 429),
      500: failed(true, 500),
      503: failed(true, 503),
      400: failed(false, 400),
      401: failed(false, 401),
      403: failed(false, 403),
      413: failed(false, 413),
    });
  });

  it('answers a refused connection as temporary, naming the network error only', async () => {
    const closed = await createTestApp({
      config: { sendgridBaseUrl: `http://127.0.0.1:${await freePort()}` },
    });
    try {
      expect(await closed.app.get(SendGridSender).send('SG.k', email)).toEqual({
        sent: false,
        temporary: true,
        reason: 'SendGrid ECONNREFUSED',
      });
    } finally {
      await closed.close();
    }
  });
});

describe('notification email through SendGrid, from a comment (D14.2, D14.4)', () => {
  const PUBLIC_URL = 'https://collab.example.test';
  const ann = { userId: 'ann', name: 'Ann Smith', email: 'ann@example.com' };
  const bob = { userId: 'bob', name: 'Bob Jones', email: 'bob@example.com' };
  const carl = { userId: 'carl', name: 'Carl Diaz', email: 'carl@example.com' };
  // One recipient per case below: the row of each is theirs alone.
  const dee = { userId: 'dee', name: 'Dee Park', email: 'dee@example.com' };
  const eve = { userId: 'eve', name: 'Eve Moss', email: 'eve@example.com' };
  let t: TestApp;
  let fake: FakeSendGrid;
  let h: Record<string, string>;

  const ok = async (path: string, data: unknown) => {
    const res = await t.post(path, data, h);
    expect({ path, status: res.status, error: res.body.error }).toEqual({
      path,
      status: 200,
      error: undefined,
    });
    return res.body.result.data;
  };

  beforeAll(async () => {
    fake = await FakeSendGrid.start();
    t = await createTestApp({
      config: { sendgridBaseUrl: fake.url, publicUrl: PUBLIC_URL, emailRetryScale: 0.001 },
    });
    h = t.apiKeyHeaders(await t.createWorkspace());
    await ok('/v2/organizations/documents/add', {
      organizationId: 'org',
      createOrganization: true,
      documents: [{ documentId: 'doc', documentName: 'Launch plan' }],
    });
    await ok('/v2/workspace/notificationconfig/update', { useNotificationService: true });
    await ok('/v2/workspace/emailconfig/update', {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: 'SG.workspace-key-e2e',
        fromEmail: 'notify@example.com',
        fromCompany: 'Acme',
        commentTemplateId: 'd-comment',
        tagTemplateId: 'd-tag',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A thread by Ann whose first comment holds `text`, tagging `tagged`. */
  const thread = (annotationId: string, text: string, tagged: (typeof bob)[]) =>
    ok('/v2/commentannotations/add', {
      organizationId: 'org',
      documentId: 'doc',
      commentAnnotations: [
        {
          annotationId,
          commentData: [
            {
              commentText: text,
              from: ann,
              taggedUserContacts: tagged.map((u) => ({ userId: u.userId, contact: u })),
            },
          ],
        },
      ],
    });
  const requestsWith = (marker: string) =>
    fake.requests.filter((r) => JSON.stringify(r.body ?? {}).includes(marker));
  const rowOf = async (userId: string, marker: string) => {
    const rows: { id: string; status: string; attempts: number; last_error: string | null }[] =
      await t.app.get(DataSource).query(
        `SELECT d.id, d.status, d.attempts, d.last_error FROM email_deliveries d
           WHERE d.api_key = $1 AND d.user_id = $2 ORDER BY d.created_at DESC`,
        [h['x-service-api-key'], userId],
      );
    expect(rows.length).toBeLessThanOrEqual(1);
    return { ...rows[0], requests: requestsWith(marker).length };
  };

  it('sends a tagged user the tag template with the hosted data, the key and the unsubscribe link', async () => {
    await thread('a1', 'mk-tag please look', [bob]);
    const [request] = await waitFor(async () => {
      const found = requestsWith('mk-tag');
      return found.length > 0 ? found : undefined;
    }, 20_000);
    await t.settle(20_000);
    expect(requestsWith('mk-tag')).toHaveLength(1);
    expect(request.path).toBe('/v3/mail/send');
    expect(request.headers.authorization).toBe('Bearer SG.workspace-key-e2e');
    const body = request.body;
    expect(body.personalizations).toHaveLength(1);
    expect(body.personalizations[0].to).toEqual([expect.objectContaining({ email: bob.email })]);
    expect(body.from).toEqual({ email: 'notify@example.com', name: 'Ann Smith via Acme' });
    expect(body.reply_to).toEqual({ email: ann.email });
    expect(body.template_id).toBe('d-tag');
    const data = body.personalizations[0].dynamic_template_data;
    expect(data).toMatchObject({
      firstComment: { commentId: 1, commentText: 'mk-tag please look', from: ann },
      latestComment: { commentId: 1, commentText: 'mk-tag please look', from: ann },
      commentsCount: 1,
      commentsCountMoreThanThree: 0,
      fromUser: ann,
      commentAnnotation: { annotationId: 'a1', from: ann },
      documentMetadata: { documentId: 'doc' },
      message: 'mk-tag please look',
      messageFromName: 'Ann Smith',
      fromEmail: ann.email,
      subject: expect.any(String),
      unsubscribeUrl: expect.stringMatching(
        /^https:\/\/collab\.example\.test\/v2\/email\/unsubscribe\?token=[\w-]+\.[\w-]+$/,
      ),
    });
    expect(data.commentAnnotation).not.toHaveProperty('comments');
    expect(data).not.toHaveProperty('prevComment');
    expect(body.headers['List-Unsubscribe']).toBe(`<${data.unsubscribeUrl}>`);
    expect(body.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await rowOf('bob', 'mk-tag')).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('uses the comment template for a recipient who was not tagged', async () => {
    await thread('a2', 'mk-reply first', [carl]);
    await t.settle(20_000);
    await ok('/v2/commentannotations/comments/add', {
      organizationId: 'org',
      documentId: 'doc',
      annotationId: 'a2',
      commentData: [{ commentText: 'mk-reply second', from: bob }],
    });
    await t.settle(20_000);
    // Ann (who wrote the thread) is told of Bob's reply, untagged: the comment template.
    const toAnn = requestsWith('mk-reply second').filter(
      (r) => r.body.personalizations[0].to[0].email === ann.email,
    );
    expect(toAnn).toHaveLength(1);
    expect(toAnn[0].body.template_id).toBe('d-comment');
    expect(toAnn[0].body.personalizations[0].dynamic_template_data).toMatchObject({
      firstComment: { commentText: 'mk-reply first' },
      prevComment: { commentText: 'mk-reply first' },
      latestComment: { commentText: 'mk-reply second', from: bob },
      commentsCount: 2,
    });
  });

  it('tries again after a 429 and sends once when SendGrid accepts', async () => {
    fake.answer = (r) =>
      JSON.stringify(r.body).includes('mk-busy') && requestsWith('mk-busy').length === 1
        ? 429
        : 202;
    await thread('a3', 'mk-busy now', [dee]);
    const row = await waitFor(async () => {
      const r = await rowOf('dee', 'mk-busy');
      return r.status === 'sent' ? r : undefined;
    }, 20_000);
    await t.settle(20_000);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null, requests: 2 });
    expect(await rowOf('dee', 'mk-busy')).toMatchObject({ requests: 2 });
  });

  it('records a 400 as failed and does not try again', async () => {
    fake.answer = (r) => (JSON.stringify(r.body).includes('mk-bad') ? 400 : 202);
    await thread('a4', 'mk-bad request', [eve]);
    const row = await waitFor(async () => {
      const r = await rowOf('eve', 'mk-bad');
      return r.status === 'failed' ? r : undefined;
    }, 20_000);
    await t.settle(20_000);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'SendGrid 400' });
    expect(await rowOf('eve', 'mk-bad')).toMatchObject({ status: 'failed', requests: 1 });
    fake.answer = () => 202;
  });
});

describe('SendGrid sends and failures in the logs (D14.4)', () => {
  it('never write the address, the SendGrid key, the body or the answer at trace level', async () => {
    const fake = await FakeSendGrid.start();
    const written: string[] = [];
    const capture = (stream: NodeJS.WriteStream) => {
      const original = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        written.push(String(chunk));
        return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      return () => (stream.write = original);
    };
    const t = await createTestApp({
      config: { sendgridBaseUrl: fake.url, emailRetryScale: 0.001, logLevel: 'trace' },
    });
    const restore = [capture(process.stdout), capture(process.stderr)];
    try {
      const h = t.apiKeyHeaders(await t.createWorkspace());
      const ok = async (path: string, data: unknown) =>
        expect((await t.post(path, data, h)).status).toBe(200);
      await ok('/v2/organizations/documents/add', {
        organizationId: 'org',
        createOrganization: true,
        documents: [{ documentId: 'doc' }],
      });
      await ok('/v2/workspace/notificationconfig/update', { useNotificationService: true });
      await ok('/v2/workspace/emailconfig/update', {
        useEmailService: true,
        emailServiceConfig: {
          type: 'sendgrid',
          apiKey: 'SG.never-in-a-log',
          fromEmail: 'notify@example.com',
          commentTemplateId: 'd-comment',
        },
      });
      // The first try is refused as busy, the second as bad (the answer quotes the address).
      fake.answer = (_r, i) => (i === 0 ? 429 : 400);
      const secret = { userId: 'sam', name: 'Sam Secret', email: 'sam.secret@example.org' };
      await ok('/v2/commentannotations/add', {
        organizationId: 'org',
        documentId: 'doc',
        commentAnnotations: [
          {
            annotationId: 'a1',
            commentData: [
              {
                commentText: 'private words for Sam',
                from: { userId: 'ann', name: 'Ann', email: 'ann.author@example.org' },
                taggedUserContacts: [{ userId: secret.userId, contact: secret }],
              },
            ],
          },
        ],
      });
      await waitFor(async () => {
        const [row] = await t.app
          .get(DataSource)
          .query(`SELECT status FROM email_deliveries WHERE user_id = 'sam'`);
        return row?.status === 'failed' ? true : undefined;
      }, 20_000);
      await t.settle(20_000);
      expect(fake.requests).toHaveLength(2);
    } finally {
      for (const undo of restore) undo();
      await t.close();
      await fake.close();
    }
    const log = written.join('');
    // Something was logged (trace level), none of it personal or secret.
    expect(log.length).toBeGreaterThan(0);
    for (const word of [
      'sam.secret@example.org',
      'ann.author@example.org',
      'SG.never-in-a-log',
      'private words',
      'refused 400',
    ]) {
      expect({ word, found: log.includes(word) }).toEqual({ word, found: false });
    }
  });
});
