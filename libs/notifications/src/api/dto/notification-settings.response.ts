import { json, namedSchema } from '@app/platform';

const { arrayOf, boolean, mapOf, object, string } = json;

/**
 * The answer of config/set: one entry per user, keyed by user id (the hosted shape). The call
 * sets every (user, document) or none, so one entry says it all for a user: `documentId`
 * when one document was named (exactly the hosted entry), `documentIds` when several,
 * neither at organization level.
 */
export const NOTIFICATION_SETTINGS_SET = namedSchema(
  'NotificationSettingsSetResult',
  mapOf(
    namedSchema(
      'UserSettingsSetResult',
      object(
        {
          success: boolean(),
          userId: string(),
          documentId: string('The document, when the call named one'),
          documentIds: arrayOf(string(), 'The documents, when the call named several'),
          message: string(),
        },
        { optional: ['documentId', 'documentIds'] },
      ),
    ),
    'User id → its result',
  ),
);

/** One entry of config/get: the settings in force, and where they apply. */
export const NOTIFICATION_SETTINGS_VIEW = namedSchema(
  'NotificationSettingsView',
  object({
    config: mapOf(string(), 'Channel → ALL, MINE, NONE or a value kept as given'),
    metadata: object(
      {
        organizationId: string(),
        apiKey: string(),
        documentId: string('Absent for the organization-level entry'),
        userId: string(),
      },
      { optional: ['documentId'] },
    ),
  }),
);
