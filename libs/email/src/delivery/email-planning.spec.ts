import type { NotificationContent } from '@app/notifications';
import { actorUserIdsOf } from './email-planning.subscriber';

const user = (userId: string) => ({ userId, name: userId, email: `${userId}@example.com` });

describe('actorUserIdsOf (the users an email row names, for the eraser)', () => {
  it('collects every userId in the content: earlier commenters, tagged users, a digest', () => {
    const annotation = {
      annotationId: 'a1',
      from: user('opener'),
      comments: [
        { commentId: 1, commentText: 'first', from: user('early'), taggedUserContacts: [] },
        {
          commentId: 2,
          commentText: 'second',
          from: user('middle'),
          taggedUserContacts: [{ userId: 'tagged', contact: user('tagged') }],
        },
        { commentId: 3, commentText: 'last', from: user('actor'), taggedUserContacts: [] },
      ],
    };
    const single = {
      documentId: 'doc',
      notificationSource: 'comment',
      actionType: 'comment.add',
      actionUser: user('actor'),
      notificationSourceData: annotation,
      notifyUsersByUserId: { bob: true, off: false },
    } as unknown as NotificationContent;
    expect(actorUserIdsOf(single).sort()).toEqual(
      ['actor', 'bob', 'early', 'middle', 'opener', 'tagged'].sort(),
    );

    const digest = {
      ...single,
      actionUser: user('last'),
      notificationSourceData: {
        batch: { scope: 'user', windowStart: 0, closesAt: 1, count: 3 },
        first: { actionUser: user('first'), notificationSourceData: annotation },
        last: { actionUser: user('last'), notificationSourceData: { comments: [] } },
        recipients: [user('bob')],
      },
    } as unknown as NotificationContent;
    expect(actorUserIdsOf(digest)).toEqual(
      expect.arrayContaining(['first', 'last', 'early', 'middle', 'tagged', 'opener', 'bob']),
    );
  });
});
