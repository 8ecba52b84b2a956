import { ITEM_FAILURE_CODES, json, namedSchema, type Schema } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES } from '@app/workspaces';

const { integer, mapOf, object, oneOfValues, string, boolean } = json;

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

/**
 * The answer of the access and disabled-state calls: per submitted id, a batch item that, on
 * success, also says the value the document now has (hosted pages).
 */
const valueResult = (name: string, field: string, value: Schema) =>
  namedSchema(
    name,
    mapOf(
      object(
        {
          success: boolean(),
          id: string(),
          [field]: value,
          message: string('What was done, or why this item failed'),
          code: oneOfValues(ITEM_FAILURE_CODES, 'Why the item failed (failed items only)'),
        },
        { optional: [field, 'code'] },
      ),
      'Submitted document id → its result',
    ),
  );

export const ACCESS_RESULT = valueResult(
  'DocumentAccessResult',
  'accessType',
  oneOfValues(DOCUMENT_ACCESS_TYPES, 'The access type it now has (successful items)'),
);

export const DISABLED_STATE_RESULT = valueResult(
  'DocumentDisabledStateResult',
  'disabled',
  boolean('Whether it is now disabled (successful items)'),
);
