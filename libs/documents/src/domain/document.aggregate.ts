import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import {
  DocumentAdded,
  DocumentDeleted,
  DocumentMigrated,
  DocumentMigratedIn,
  type DocumentEvent,
  type DocumentFields,
  type DocumentRef,
} from './document.events';

export const DOCUMENT_STREAM_TYPE = 'document';
export const documentStream = ({ apiKey, organizationId, documentId }: DocumentRef) =>
  streamId(DOCUMENT_STREAM_TYPE, apiKey, organizationId, documentId);

export const DOCUMENT_MESSAGES = {
  added: 'Added Successfully',
  deleted: 'Deleted Successfully',
  exists: 'Document already exists',
  missing: 'Document does not exist',
} as const;

/** A document of one organization; its id is unique per organization (D4.2). */
export class Document extends Aggregate<DocumentEvent> {
  private fields?: DocumentFields & { createdAt: number };

  constructor(readonly ref: DocumentRef) {
    super();
  }

  get exists(): boolean {
    return this.fields !== undefined;
  }

  add(fields: DocumentFields, at: number): string {
    if (this.exists) throw new ItemRefused(DOCUMENT_MESSAGES.exists, 'already-exists');
    this.raise(DocumentAdded({ ...this.ref, ...fields, at }));
    return DOCUMENT_MESSAGES.added;
  }

  /** Deleting a document that does not exist succeeds and says so (spec, operation 12). */
  delete(at: number): string {
    if (!this.exists) return DOCUMENT_MESSAGES.missing;
    this.raise(DocumentDeleted({ ...this.ref, at }));
    return DOCUMENT_MESSAGES.deleted;
  }

  /** Moves this document to `target` (which must not exist): one event on each side. */
  migrateTo(target: Document, migrationId: string, at: number): void {
    if (!this.fields) throw new ItemRefused('Source document does not exist', 'not-found');
    if (target.exists) throw new ItemRefused('Target document already exists', 'already-exists');
    const { createdAt, ...fields } = this.fields;
    const newDocumentId = target.ref.documentId;
    this.raise(DocumentMigrated({ ...this.ref, newDocumentId, migrationId, at }));
    target.raise(
      DocumentMigratedIn({
        ...target.ref,
        ...fields,
        fromDocumentId: this.ref.documentId,
        migrationId,
        createdAt,
        at,
      }),
    );
  }

  protected when(event: DocumentEvent): void {
    if (DocumentAdded.is(event)) {
      const { apiKey: _a, organizationId: _o, documentId: _d, at, ...fields } = event.data;
      this.fields = { ...fields, createdAt: at };
    } else if (DocumentMigratedIn.is(event)) {
      const d = event.data;
      this.fields = {
        documentName: d.documentName,
        folderId: d.folderId,
        accessType: d.accessType,
        disabled: d.disabled,
        metadata: d.metadata,
        createdAt: d.createdAt,
      };
    } else if (DocumentDeleted.is(event) || DocumentMigrated.is(event)) {
      this.fields = undefined;
    }
  }
}
