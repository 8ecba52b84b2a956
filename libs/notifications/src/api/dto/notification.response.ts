import { json, namedSchema } from '@app/platform';

const { arrayOf, boolean, freeObject, integer, mapOf, object, string } = json;

const NOTIFICATION_USER = namedSchema(
  'NotificationUser',
  object(
    { userId: string(), name: string(), email: string() },
    { optional: ['userId', 'name', 'email'], extra: true },
  ),
);

/** Operation 23's answer (spec). */
export const NOTIFICATION_ADDED = namedSchema(
  'NotificationAdded',
  object({ success: boolean(), message: string() }),
);

/** A notification as operation 22 reads it (hosted data model). */
export const NOTIFICATION_VIEW = namedSchema(
  'NotificationView',
  object(
    {
      id: string(),
      notificationSource: string('custom, or comment for those derived from comments'),
      actionType: string('What happened, for derived notifications (comment.add, ...)'),
      actionUser: NOTIFICATION_USER,
      timestamp: integer('When it happened, epoch milliseconds'),
      displayHeadlineMessageTemplate: string(),
      displayHeadlineMessageTemplateData: freeObject(),
      displayBodyMessage: string(),
      targetAnnotationId: string(),
      notificationSourceData: freeObject(),
      metadata: object(
        {
          apiKey: string(),
          organizationId: string(),
          documentId: string(),
          locationId: string(),
          location: freeObject(),
        },
        { optional: ['locationId', 'location'] },
      ),
      notifyUsers: mapOf(boolean(), 'Recipients by email, else by userId'),
      notifyUsersByUserId: mapOf(boolean(), 'Recipients by userId'),
      notifyAll: boolean(),
      readByUserIds: arrayOf(string()),
      isUnread: boolean('Whether the user asked about has not read it (a read by userId only)'),
      verifyUserPermissions: boolean(),
      isNotificationResolverUsed: boolean(),
      context: freeObject(),
    },
    {
      optional: [
        'actionType',
        'actionUser',
        'displayHeadlineMessageTemplate',
        'displayHeadlineMessageTemplateData',
        'displayBodyMessage',
        'targetAnnotationId',
        'notificationSourceData',
        'isUnread',
        'verifyUserPermissions',
        'isNotificationResolverUsed',
        'context',
      ],
      extra: true,
    },
  ),
);
