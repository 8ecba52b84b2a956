import { Aggregate, ItemRefused, streamId, streamTarget } from '@app/event-store';
import type { DocumentAccessType } from '@app/workspaces';
import {
  DocumentAccessChanged,
  DocumentAdded,
  DocumentDeleted,
  DocumentDisabledStateChanged,
  DocumentMigrated,
  DocumentMigratedIn,
  DocumentMoved,
  DocumentUpdated,
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
  updated: 'Updated Successfully',
  moved: 'Moved Successfully',
  accessUpdated: 'Document access type updated.',
  disabledStateUpdated: 'Document disabled state updated.',
} as const;

/** What `documents/update` may change; absent fields stay as they are. */
export interface DocumentChanges {
  documentName?: string;
  accessType?: DocumentAccessType;
  disabled?: boolean;
  metadata: Record<string, unknown>;
}

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

  /**
   * `documents/update`: the name and metadata given (metadata merged), and the access type
   * and disabled state when given, each by its own event as their own calls raise it.
   */
  update(changes: DocumentChanges, at: number): string {
    this.requireExisting();
    const { documentName, metadata } = changes;
    if (documentName !== undefined || Object.keys(metadata).length > 0) {
      this.raise(
        DocumentUpdated({
          ...this.ref,
          ...(documentName !== undefined && { documentName }),
          ...(Object.keys(metadata).length > 0 && { metadata }),
          at,
        }),
      );
    }
    if (changes.accessType !== undefined) this.changeAccess(changes.accessType, at);
    if (changes.disabled !== undefined) this.setDisabled(changes.disabled, at);
    return DOCUMENT_MESSAGES.updated;
  }

  /** `documents/move`: into `folderId` (null: the top level); already there changes nothing. */
  moveTo(folderId: string | null, at: number): string {
    const fields = this.requireExisting();
    if (fields.folderId !== folderId) {
      this.raise(DocumentMoved({ ...this.ref, fromFolderId: fields.folderId, folderId, at }));
    }
    return DOCUMENT_MESSAGES.moved;
  }

  /** D6.4; the same access type again changes nothing. */
  changeAccess(accessType: DocumentAccessType, at: number): string {
    if (this.requireExisting().accessType !== accessType) {
      this.raise(DocumentAccessChanged({ ...this.ref, accessType, at }));
    }
    return DOCUMENT_MESSAGES.accessUpdated;
  }

  /** D6.6; the same state again changes nothing. */
  setDisabled(disabled: boolean, at: number): string {
    if (this.requireExisting().disabled !== disabled) {
      this.raise(DocumentDisabledStateChanged({ ...this.ref, disabled, at }));
    }
    return DOCUMENT_MESSAGES.disabledStateUpdated;
  }

  private requireExisting(): DocumentFields & { createdAt: number } {
    if (!this.fields) throw new ItemRefused(DOCUMENT_MESSAGES.missing, 'not-found');
    return this.fields;
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
    } else if (DocumentUpdated.is(event) && this.fields) {
      const { documentName, metadata } = event.data;
      if (documentName !== undefined) this.fields.documentName = documentName;
      if (metadata) this.fields.metadata = { ...this.fields.metadata, ...metadata };
    } else if (DocumentMoved.is(event) && this.fields) {
      this.fields.folderId = event.data.folderId;
    } else if (DocumentAccessChanged.is(event) && this.fields) {
      this.fields.accessType = event.data.accessType;
    } else if (DocumentDisabledStateChanged.is(event) && this.fields) {
      this.fields.disabled = event.data.disabled;
    } else if (DocumentDeleted.is(event) || DocumentMigrated.is(event)) {
      this.fields = undefined;
    }
  }
}

export const documentTarget = (ref: DocumentRef) =>
  streamTarget(DOCUMENT_STREAM_TYPE, documentStream(ref), () => new Document(ref));
