import { SendGridSender } from '@app/email';
import { createTestApp, type TestApp } from '@app/testing';
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
