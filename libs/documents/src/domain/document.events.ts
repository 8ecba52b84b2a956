import { defineEvent, type EventOf } from '@app/event-store';
import type { DocumentAccessType } from '@app/workspaces';

/** Every document event names its scope, so projections and other modules never guess it. */
export interface DocumentRef {
  apiKey: string;
  organizationId: string;
  documentId: string;
}

/** What a document is: carried whole by a migration to its new id. */
export interface DocumentFields {
  documentName: string;
  folderId: string | null;
  accessType: DocumentAccessType;
  disabled: boolean;
  metadata: Record<string, unknown>;
}

export const DocumentAdded = defineEvent<DocumentRef & DocumentFields & { at: number }>()(
  'documents.document-added',
);

/**
 * Public contract: a document was deleted (operation 12). Modules that keep data of a
 * document (collaboration data) react to it by removing that data.
 */
export const DocumentDeleted = defineEvent<DocumentRef & { at: number }>()(
  'documents.document-deleted',
);

/**
 * Public contract: the document `documentId` now lives at `newDocumentId` of the same
 * organization (D6.7). Appended to the old id's stream, in the same transaction that makes
 * the new id exist; modules that keep data of a document move it on this one event.
 */
export const DocumentMigrated = defineEvent<
  DocumentRef & { newDocumentId: string; migrationId: string; at: number }
>()('documents.document-migrated');

/** The new id's side of a migration: the document arrives with everything it was. */
export const DocumentMigratedIn = defineEvent<
  DocumentRef &
    DocumentFields & { fromDocumentId: string; migrationId: string; createdAt: number; at: number }
>()('documents.document-migrated-in');

/** `documents/update`: only the fields the caller gave; `metadata` is merged into what was there. */
export const DocumentUpdated = defineEvent<
  DocumentRef & { documentName?: string; metadata?: Record<string, unknown>; at: number }
>()('documents.document-updated');

/**
 * `documents/move`: the document is now directly in `folderId` (null: the top level) of its
 * organization. Not a migration (D6.7): its id and data stay where they are.
 */
export const DocumentMoved = defineEvent<
  DocumentRef & { fromFolderId: string | null; folderId: string | null; at: number }
>()('documents.document-moved');

/** `documents/access/update` (D6.4): who may open the document from now on. */
export const DocumentAccessChanged = defineEvent<
  DocumentRef & { accessType: DocumentAccessType; at: number }
>()('documents.document-access-changed');

/**
 * `documents/access/disablestate/update`: a disabled document takes no writes of user content
 * (collaboration data, notifications) until it is enabled again (D6.6).
 */
export const DocumentDisabledStateChanged = defineEvent<
  DocumentRef & { disabled: boolean; at: number }
>()('documents.document-disabled-state-changed');

export const DOCUMENT_EVENTS = {
  DocumentAdded,
  DocumentDeleted,
  DocumentMigrated,
  DocumentMigratedIn,
  DocumentUpdated,
  DocumentMoved,
  DocumentAccessChanged,
  DocumentDisabledStateChanged,
};
export type DocumentEvent = EventOf<typeof DOCUMENT_EVENTS>;
