import { json, namedSchema } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES } from '@app/workspaces';

const { integer, object, oneOfValues, string, boolean } = json;

/** A document as read: its fields, then the metadata it was given (D6.1). */
export const DOCUMENT_VIEW = namedSchema(
  'DocumentView',
  object(
    {
      id: string(),
      documentName: string(),
      disabled: boolean(),
      accessType: oneOfValues(DOCUMENT_ACCESS_TYPES),
      folderId: string('Absent at the top level'),
      createdAt: integer('Epoch milliseconds'),
      lastUpdated: integer('Epoch milliseconds'),
    },
    { optional: ['folderId'], extra: true },
  ),
);

export const MIGRATION_STARTED = object({
  migrationId: string('Poll `documents/migrate/status` with it'),
});

export const MIGRATION_STATUS = object(
  {
    migrationId: string(),
    status: oneOfValues(['pending', 'in_progress', 'completed', 'failed']),
    documentId: string(),
    newDocumentId: string(),
    error: string('Why it failed'),
  },
  { optional: ['error'] },
);
