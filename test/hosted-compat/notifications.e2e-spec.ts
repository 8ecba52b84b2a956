import {
  addDocuments,
  addNotification,
  byId,
  envelope,
  expectDocumented,
  hostedApp,
  secondPageToken,
  withoutKeys,
  type Hosted,
} from './hosted-compat';

const actionUser = { userId: 'yourUserId', name: 'User Name', email: 'user@example.com' };

/** The collection's add body, on a document made first. */
const published = (organizationId: string, documentId: string) => ({
  organizationId,
  documentId,
  actionUser,
  displayHeadlineMessageTemplate:
    'This is main template, you can pass variables using curly brackets like this: {actionUser}, {recipientUser}, {yourCustomVariableWithStringValue}',
  displayHeadlineMessageTemplateData: {
    actionUser,
    recipientUser: {
      userId: 'recipientUserId',
      name: 'Recipient Name',
      email: 'recipient@example.com',
    },
    yourCustomField: 'Variable will be replaced with this text',
  },
  displayBodyMessage: 'This is body message (Secondary message)',
  notifyUsers: [{ email: 'test@example.com', userId: 'testingUserId' }, actionUser],
});

const documentedUser = { email: 'email', name: 'name', userId: 'id' };

/** The hosted page's answer to notifications/get. */
const notificationsPage = envelope(
  'Notification(s) retrieved successfully.',
  [
    {
      id: 'id',
      notificationSource: 'custom',
      notificationSourceData: {},
      actionUser: documentedUser,
      displayBodyMessage: 'text',
      displayHeadlineMessageTemplate: 'text',
      // Template data is the caller's own: the two users the published body sends.
      displayHeadlineMessageTemplateData: {
        actionUser: documentedUser,
        recipientUser: documentedUser,
      },
      metadata: { apiKey: 'key', documentId: 'document', organizationId: 'organization' },
      notifyUsers: byId(true),
      notifyUsersByUserId: byId(true),
      timestamp: 1,
    },
  ],
  { pageToken: 'token' },
);

/** Two notifications made with the published body; answers the second page's token. */
async function notificationsPageTwo(h: Hosted, organizationId: string, documentId: string) {
  await addDocuments(h, organizationId, [documentId]);
  for (let i = 0; i < 2; i++)
    expectDocumented(
      await h.call('/v2/notifications/add', published(organizationId, documentId)),
      envelope('Notification added successfully.', { success: true, message: 'text' }),
    );
  const where = { organizationId, documentId };
  return secondPageToken(h, '/v2/notifications/get', where, notificationsPage, 'pageToken');
}

// The collection's "Notifications" folder, then the OpenAPI operation notifications/get.
describe('hosted compat: notifications', () => {
  const h = hostedApp();

  it('POST /v2/notifications/add: Add Notifications', async () => {
    await addDocuments(h, 'org-notifications', ['doc-add']);
    const res = await h.call('/v2/notifications/add', published('org-notifications', 'doc-add'));
    expectDocumented(
      res,
      envelope('Notification added successfully.', { success: true, message: 'text' }),
    );
  });

  it('POST /v2/notifications/get: Get Notifications', async () => {
    const res = await h.call('/v2/notifications/get', {
      organizationId: 'org-notifications',
      documentId: 'doc-get',
      pageSize: 20,
      pageToken: await notificationsPageTwo(h, 'org-notifications', 'doc-get'),
    });
    // The last page has no next token (D5.5); the first page above carries one.
    expectDocumented(res, withoutKeys(notificationsPage, 'result.pageToken'));
  });

  it('POST /v2/notifications/update: Update Notifications', async () => {
    await addNotification(h, 'org-notifications', 'doc-update', 'notification-update', {
      userId: 'yourUserId',
      locationId: 'yourLocationId',
    });
    const res = await h.call('/v2/notifications/update', {
      organizationId: 'org-notifications',
      documentId: 'doc-update',
      locationId: 'yourLocationId',
      userId: 'yourUserId',
      notifications: [
        {
          id: 'notification-update',
          displayBodyMessage: 'This is body message (Secondary message)',
        },
      ],
    });
    expectDocumented(
      res,
      envelope('Notification(s) updated successfully.', byId({ success: true, message: 'text' })),
    );
  });

  it('POST /v2/notifications/delete: Delete Notifications', async () => {
    await addNotification(h, 'org-notifications', 'doc-delete', 'notification-delete', {
      userId: 'yourUserId',
    });
    // The published body is not valid JSON (a trailing comma); this is what it means.
    const res = await h.call('/v2/notifications/delete', {
      organizationId: 'org-notifications',
      documentId: 'doc-delete',
      userId: 'yourUserId',
      notifications: [
        {
          id: 'notification-delete',
          displayBodyMessage: 'This is body message (Secondary message)',
        },
      ],
    });
    expectDocumented(
      res,
      envelope('Notification(s) deleted successfully.', byId({ success: true, message: 'text' })),
    );
  });

  it('POST /v2/notifications/config/set: Set Config', async () => {
    await addDocuments(h, 'org-notifications', ['doc-config-set']);
    const res = await h.call('/v2/notifications/config/set', {
      organizationId: 'org-notifications',
      documentIds: ['doc-config-set'],
      userIds: ['yourUserId'],
      config: { inbox: 'ALL', email: 'ALL', slack: 'MENTIONS_ONLY' },
    });
    expectDocumented(
      res,
      envelope(
        'User config set successfully.',
        byId({ success: true, userId: 'id', documentId: 'document', message: 'text' }),
      ),
    );
  });

  it('POST /v2/notifications/config/get: Get Config', async () => {
    await addDocuments(h, 'org-notifications', ['doc-config-get']);
    const res = await h.call('/v2/notifications/config/get', {
      organizationId: 'org-notifications',
      documentIds: ['doc-config-get'],
      userId: 'yourUserId',
    });
    expectDocumented(
      res,
      envelope('User config fetched successfully.', [
        {
          config: { inbox: 'ALL', email: 'ALL' },
          metadata: {
            organizationId: 'organization',
            apiKey: 'key',
            documentId: 'document',
            userId: 'id',
          },
        },
      ]),
    );
  });

  it('openapi: POST /notifications/get (for a user, oldest first)', async () => {
    await addNotification(h, 'org-notifications', 'doc-openapi', 'notification-openapi');
    const res = await h.call('/v2/notifications/get', {
      organizationId: 'org-notifications',
      userId: 'reader',
      pageSize: 1000,
      order: 'asc',
    });
    // The only page has no next token (D5.5).
    expectDocumented(res, envelope('Notification(s) retrieved successfully.', [{}]));
  });
});
