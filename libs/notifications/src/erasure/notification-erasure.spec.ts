import { DELETED_USER, Identities } from '@app/collaboration';
import { NotificationAdded, type NotificationContent } from '../domain/notification.events';
import {
  eraseNotificationContent,
  learnFromNotificationEvent,
  learnFromNotificationValue,
  madeByErased,
} from './notification-erasure';

const vic = { userId: 'vic', name: 'Vera', email: 'vera@example.org' };
const kim = { userId: 'kim', name: 'Kim', email: 'kim@example.org' };
const who = () => new Identities(['vic'], [vic.email]);

const content = (extra: Partial<NotificationContent>): NotificationContent => ({
  documentId: 'doc',
  notificationSource: 'comment',
  notifyUsers: {},
  notifyUsersByUserId: {},
  notifyAll: false,
  timestamp: 1,
  ...extra,
});

const annotation = (from: object) => ({
  annotationId: 'a1',
  from,
  comments: [
    {
      commentId: 1,
      commentText: 'hi @Vera',
      commentHtml: '',
      from: kim,
      taggedUserContacts: [{ userId: 'vic', contact: vic }],
      reactions: [],
    },
    {
      commentId: 2,
      commentText: 'mine',
      commentHtml: '',
      from: vic,
      taggedUserContacts: [],
      reactions: [],
    },
  ],
});

describe('notification erasure rules', () => {
  it('judges a notification theirs by its actionUser, by id or (without one) by email', () => {
    expect(madeByErased(content({ actionUser: vic }), who())).toBe(true);
    expect(madeByErased(content({ actionUser: { email: vic.email } }), who())).toBe(true);
    expect(madeByErased(content({ actionUser: kim }), who())).toBe(false);
    expect(madeByErased(undefined, who())).toBe(false);
  });

  it('keeps a digest of several changes whose last they made, without them', () => {
    const digest = (count: number) =>
      content({
        actionUser: vic,
        notificationSourceData: {
          batch: { scope: 'document', count },
          first: { actionUser: kim, notificationSourceData: annotation(kim) },
          last: { actionUser: vic, notificationSourceData: annotation(vic) },
          recipients: [kim, vic],
        },
      });
    expect(madeByErased(digest(1), who())).toBe(true);
    expect(madeByErased(digest(3), who())).toBe(false);
    const people = who();
    learnFromNotificationValue(digest(3), people); // the name 'Vera', from a user object
    const erased = eraseNotificationContent(digest(3), people);
    expect(erased.actionUser).toEqual({ name: DELETED_USER });
    // Annotations inside are erased by collaboration's rule: their comment goes, one they wrote whole.
    expect(erased.notificationSourceData).toEqual({
      batch: { scope: 'document', count: 3 },
      first: {
        actionUser: kim,
        notificationSourceData: {
          annotationId: 'a1',
          from: kim,
          comments: [
            {
              commentId: 1,
              commentText: `hi ${DELETED_USER}`,
              commentHtml: '',
              from: kim,
              taggedUserContacts: [],
              reactions: [],
            },
          ],
        },
      },
      last: { actionUser: { name: DELETED_USER }, notificationSourceData: {} },
      recipients: [kim],
    });
  });

  it('leaves the place and time alone, and keys that only contain a name as a part', () => {
    const before = content({
      documentId: 'vic',
      timestamp: 7,
      displayHeadlineMessageTemplateData: { victory: 'vic-tory', vic: 'x' },
    });
    expect(eraseNotificationContent(before, who())).toEqual({
      ...before,
      displayHeadlineMessageTemplateData: { victory: 'vic-tory' },
    });
  });

  it('learns the email recorded beside an erased recipient id, and drops it with the pair', () => {
    const people = new Identities(['rob'], []);
    const given = content({
      notifyUsers: { 'rob@example.net': true, [kim.email]: true },
      notifyUsersByUserId: { rob: true, kim: true },
      recipientEmails: { rob: 'rob@example.net', kim: kim.email },
      displayBodyMessage: 'cc rob@example.net',
    });
    const ref = { apiKey: 'k', organizationId: 'o', notificationId: 'n' };
    learnFromNotificationEvent(NotificationAdded({ ...ref, ...given, at: 1 }), people);
    expect(people.known).toEqual(['rob', 'rob@example.net']);
    expect(eraseNotificationContent(given, people)).toEqual({
      ...given,
      notifyUsers: { [kim.email]: true },
      notifyUsersByUserId: { kim: true },
      recipientEmails: { kim: kim.email },
      displayBodyMessage: `cc ${DELETED_USER}`,
    });
  });
});
