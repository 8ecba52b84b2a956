import type { NotificationContent } from '@app/notifications';
import { sendgridTemplateData } from './sendgrid-template-data';

const tony = {
  userId: 'tony',
  name: 'Tony',
  email: 'tony@example.com',
  photoUrl: 'https://p/t.png',
};
const pepper = { userId: 'pepper', name: 'Pepper', email: 'pepper@example.com' };

const comment = (commentId: number, from: typeof pepper, commentText: string) => ({
  commentId,
  commentText,
  commentHtml: `<p>${commentText}</p>`,
  from,
  taggedUserContacts: [],
  reactions: [],
  createdAt: commentId,
  lastUpdated: commentId,
});

const annotation = (count: number) => ({
  annotationId: 'ann-1',
  from: pepper,
  status: { id: 'open' },
  pageInfo: {
    url: 'https://app.example.com/doc',
    commentUrl: 'https://app.example.com/doc?c=ann-1',
    title: 'Plan',
    deviceInfo: { browserName: 'Firefox' },
  },
  comments: Array.from({ length: count }, (_, i) =>
    comment(i + 1, i % 2 ? tony : pepper, `text ${i + 1}`),
  ),
  createdAt: 1,
  lastUpdated: 2,
});

const content = (source: unknown): NotificationContent => ({
  documentId: 'doc-1',
  notificationSource: 'comment',
  actionType: 'comment.add',
  actionUser: tony,
  displayBodyMessage: 'Tony replied',
  notificationSourceData: source,
  notifyUsers: {},
  notifyUsersByUserId: { pepper: true },
  notifyAll: false,
  timestamp: 5,
});

describe('sendgridTemplateData', () => {
  it('gives the hosted fields of a reply: first, previous and latest comment, counts, annotation without comments', () => {
    const data = sendgridTemplateData({
      content: content(annotation(4)),
      subject: 'Tony replied on Plan',
      unsubscribeUrl: 'https://s/v2/email/unsubscribe?token=t',
      documentMetadata: { documentName: 'Plan' },
    });
    expect(data).toEqual({
      firstComment: { commentId: 1, commentText: 'text 1', from: pepper },
      prevComment: { commentId: 3, commentText: 'text 3', from: pepper },
      latestComment: { commentId: 4, commentText: 'text 4', from: tony },
      commentsCount: 4,
      commentsCountMoreThanThree: 1,
      fromUser: tony,
      commentAnnotation: {
        annotationId: 'ann-1',
        from: pepper,
        status: { id: 'open' },
        pageInfo: expect.any(Object),
        createdAt: 1,
        lastUpdated: 2,
      },
      actionType: 'comment.add',
      documentMetadata: { documentId: 'doc-1', documentName: 'Plan' },
      message: 'text 4',
      messageFromName: 'Tony',
      name: 'Tony',
      fromEmail: 'tony@example.com',
      photoUrl: 'https://p/t.png',
      pageUrl: 'https://app.example.com/doc?c=ann-1',
      pageTitle: 'Plan',
      deviceInfo: { browserName: 'Firefox' },
      subject: 'Tony replied on Plan',
      unsubscribeUrl: 'https://s/v2/email/unsubscribe?token=t',
    });
    expect(data.commentAnnotation).not.toHaveProperty('comments');
  });

  it('counts, as numbers (hosted sample payload), the comments beyond the three it holds', () => {
    const counts = [2, 3, 6].map((n) => {
      const data = sendgridTemplateData({
        content: content(annotation(n)),
        subject: 's',
        unsubscribeUrl: 'u',
      });
      return [data.commentsCount, data.commentsCountMoreThanThree];
    });
    expect(counts).toEqual([
      [2, 0],
      [3, 0],
      [6, 3],
    ]);
  });

  it('gives only an http(s) pageUrl: a javascript: or relative one is left out, the page url used instead', () => {
    const withPage = (pageInfo: Record<string, unknown>) =>
      sendgridTemplateData({
        content: content({ ...annotation(1), pageInfo }),
        subject: 's',
        unsubscribeUrl: 'u',
      });
    expect(
      withPage({ commentUrl: 'javascript:alert(1)', url: 'https://a.example/p' }).pageUrl,
    ).toBe('https://a.example/p');
    expect(withPage({ commentUrl: 'HTTP://a.example/c' }).pageUrl).toBe('HTTP://a.example/c');
    for (const bad of ['javascript:alert(1)', '/doc', 'data:text/html,x', 'https://a b', '']) {
      expect(withPage({ commentUrl: bad, url: bad })).not.toHaveProperty('pageUrl');
    }
  });

  it('reads a digest through its last change, and leaves out what a lone comment lacks', () => {
    const digest = {
      batch: { count: 2 },
      first: {},
      last: { notificationSourceData: annotation(1) },
      recipients: [],
    };
    const data = sendgridTemplateData({
      content: content(digest),
      subject: 's',
      unsubscribeUrl: 'u',
    });
    expect(data).toMatchObject({
      firstComment: { commentId: 1 },
      latestComment: { commentId: 1 },
      commentsCount: 1,
      commentsCountMoreThanThree: 0,
    });
    expect(data).not.toHaveProperty('prevComment');
  });

  it('still answers for source data that is no annotation (a caller replaced it)', () => {
    const data = sendgridTemplateData({
      content: content({ any: 'thing' }),
      subject: 's',
      unsubscribeUrl: 'u',
    });
    expect(data).toMatchObject({
      commentsCount: 0,
      commentsCountMoreThanThree: 0,
      message: 'Tony replied',
      fromUser: tony,
    });
    expect(data).not.toHaveProperty('commentAnnotation');
  });
});
