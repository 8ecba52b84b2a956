import type { NotificationContent } from '@app/notifications';
import { builtInEmail, escapeHtml } from './built-in-email';

const single: NotificationContent = {
  documentId: 'doc',
  notificationSource: 'comment',
  actionType: 'comment.add',
  actionUser: { userId: 'ann', name: 'Ann <img src=x onerror=alert(1)>' },
  displayHeadlineMessageTemplate: '{actionUser} replied to a thread',
  displayHeadlineMessageTemplateData: { actionUser: { name: 'Ann <img src=x onerror=alert(1)>' } },
  displayBodyMessage: '</blockquote><script>steal()</script>',
  notifyUsers: { bob: true },
  notifyUsersByUserId: { bob: true },
  notifyAll: false,
  timestamp: 1,
};

const activity = (headline: string, body: string) => ({
  actionType: 'comment.add',
  targetAnnotationId: 'a1',
  documentId: 'doc',
  timestamp: 1,
  displayHeadlineMessageTemplate: headline,
  displayHeadlineMessageTemplateData: {},
  displayBodyMessage: body,
  notificationSourceData: { annotationId: 'a1', comments: [] },
});

const input = (content: NotificationContent) => ({
  content,
  documentName: 'Plan "Q1" & <more>',
  fromCompany: 'Acme & Co',
  unsubscribeUrl: 'https://collab.example/v2/email/unsubscribe?token=a.b',
});

describe('built-in email (D14.2)', () => {
  it('escapes every user-given string in the HTML and keeps the plain text as written', () => {
    const { subject, text, html } = builtInEmail(input(single));
    expect(subject).toBe(
      'Ann <img src=x onerror=alert(1)> replied to a thread in Plan "Q1" & <more>',
    );
    expect(text).toContain('</blockquote><script>steal()</script>');
    expect(html).not.toMatch(/<script|<img|<more>|"Q1"/);
    expect(html).toContain('&lt;/blockquote&gt;&lt;script&gt;steal()&lt;/script&gt;');
    expect(html).toContain('Acme &amp; Co');
    expect(html).toContain('href="https://collab.example/v2/email/unsubscribe?token=a.b"');
    expect(text).toContain(
      'Unsubscribe from its emails: https://collab.example/v2/email/unsubscribe?token=a.b',
    );
  });

  it('keeps the subject on one line', () => {
    const content = { ...single, displayHeadlineMessageTemplate: 'a\nBcc: x@example.com' };
    expect(builtInEmail(input(content)).subject).toBe('a Bcc: x@example.com in Plan "Q1" & <more>');
  });

  it('lists a digest: its first and last changes and how many more', () => {
    const digest: NotificationContent = {
      ...single,
      displayHeadlineMessageTemplate: '{count} updates in a document',
      notificationSourceData: {
        batch: { scope: 'document', windowStart: 0, closesAt: 1, count: 4 },
        first: activity('Ann started a thread', 'one'),
        last: activity('Carl replied', 'four <b>'),
        recipients: [],
      },
    };
    const { subject, text, html } = builtInEmail(input(digest));
    expect(subject).toBe('4 new updates in Plan "Q1" & <more>');
    expect(text.indexOf('Ann started a thread')).toBeLessThan(text.indexOf('… and 2 more'));
    expect(text.indexOf('… and 2 more')).toBeLessThan(text.indexOf('Carl replied'));
    expect(html).toContain('four &lt;b&gt;');
  });

  it('escapes the five characters that open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href='x'>"&"</a>`)).toBe(
      '&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;',
    );
  });
});
