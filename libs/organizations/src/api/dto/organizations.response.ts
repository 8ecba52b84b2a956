import { ITEM_FAILURE_CODES, json, namedSchema, type Schema } from '@app/platform';
import { DOCUMENT_ACCESS_TYPES } from '@app/workspaces';

const { arrayOf, integer, object, oneOfValues, string, boolean, ref } = json;

/** An organization as read: its fields, then the metadata it was given (D6.1). */
export const ORGANIZATION_VIEW = namedSchema(
  'OrganizationView',
  object(
    {
      id: string(),
      organizationName: string(),
      disabled: boolean(),
      createdAt: integer('Epoch milliseconds'),
      lastUpdated: integer('Epoch milliseconds'),
    },
    { extra: true },
  ),
);

/** A folder as read; `subFolders` only below the folder `folders/get` was asked for. */
export const FOLDER_VIEW: Schema = namedSchema(
  'FolderView',
  object(
    {
      folderId: string(),
      folderName: string(),
      organizationId: string(),
      apiKey: string("The API key the folder belongs to (the caller's)"),
      parentFolderId: string('"root" at the top level'),
      ancestors: arrayOf(string(), 'The path from the top: ["root", ..., parent]'),
      accessType: oneOfValues(
        DOCUMENT_ACCESS_TYPES,
        "The folder's own, else its nearest ancestor's, else the API key's default",
      ),
      inheritAccessFromParent: boolean(
        'True when the folder has no access type of its own and is under another folder',
      ),
      createdAt: integer('Epoch milliseconds'),
      lastUpdated: integer('Epoch milliseconds'),
      subFolders: arrayOf(ref('FolderView'), 'To `maxDepth` levels'),
    },
    { optional: ['subFolders'] },
  ),
);

const ITEM = {
  success: boolean(),
  id: string(),
  message: string('What was done, or why this item failed'),
  code: oneOfValues(ITEM_FAILURE_CODES, 'Why the item failed (failed items only)'),
};

/** `organizations/delete`: a batch answer whose deleted items name their deletion. */
export const ORGANIZATION_DELETION_RESULT = namedSchema(
  'OrganizationDeletionResult',
  json.mapOf(
    object(
      {
        ...ITEM,
        deletionId: string('Deleted items: the deletion, for organizations/delete/status/get'),
      },
      { optional: ['code', 'deletionId'] },
    ),
    'Submitted id → its result',
  ),
);

export const ORGANIZATION_DELETION_STATUS = namedSchema(
  'OrganizationDeletionStatus',
  object({
    deletionId: string(),
    organizationId: string(),
    status: oneOfValues(
      ['in_progress', 'completed', 'failed'],
      "completed: every library has removed the organization's data",
    ),
    deletedAt: integer('Epoch milliseconds'),
  }),
);

/** `folders/access/update`: each updated folder with what it now has. */
export const FOLDER_ACCESS_RESULT = namedSchema(
  'FolderAccessResult',
  json.mapOf(
    object(
      {
        ...ITEM,
        accessType: json.nullable(
          oneOfValues(DOCUMENT_ACCESS_TYPES, 'null: taken from the parent folder'),
        ),
        inheritFromParent: boolean(),
      },
      { optional: ['code', 'accessType', 'inheritFromParent'] },
    ),
    'Submitted folder id → its result',
  ),
);
