import { Injectable } from '@nestjs/common';
import { EventStore, type AggregateToSave } from '@app/event-store';
import { ServiceError } from '@app/platform';
import type { DocumentAccessType } from '@app/workspaces';
import { DataSource, type EntityManager } from 'typeorm';
import {
  Document,
  DOCUMENT_MESSAGES,
  DOCUMENT_STREAM_TYPE,
  documentStream,
} from '../../domain/document.aggregate';

/**
 * What a write of another feature does in a document. `user-content` (collaboration data,
 * notifications: what users make) is refused in a disabled organization or document (D6.6);
 * `administration` (users, deletions, erasure) works in them as anywhere.
 */
export type DocumentUse = 'user-content' | 'administration';

/** A document a write of another feature needs, made when the caller asks (`createDocument`). */
export interface DocumentRequest {
  apiKey: string;
  organizationId: string;
  documentId: string;
  createDocument?: boolean;
  /** The name of a document made here; else it is named after its id. */
  documentName?: string;
  accessType: DocumentAccessType;
  at: number;
  /** Default `administration`. */
  use?: DocumentUse;
}

interface LockedDocument {
  document_id: string;
  disabled: boolean;
}

const disabledMessage = (what: 'Organization' | 'Document', id: string) =>
  `${what} ${id} is disabled: it takes no new or changed data until it is enabled again`;

/**
 * Which documents exist, for features that keep data of a document (users at document
 * scope, collaboration data, notifications). Public: the documents library's read table
 * stays its own.
 */
@Injectable()
export class DocumentDirectory {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: EventStore,
  ) {}

  /**
   * NOT_FOUND unless the document exists (D4.1: only the caller's key is looked at). The row
   * is locked for the caller's transaction: a deletion of the document waits for the write to
   * commit, so the data written is there for the deletion to clean up. For `user-content`,
   * FAILED_PRECONDITION when the organization or the document is disabled (D6.6).
   */
  async require(
    apiKey: string,
    organizationId: string,
    documentId: string,
    manager: EntityManager = this.dataSource.manager,
    use: DocumentUse = 'administration',
  ): Promise<void> {
    const found = await this.lock(apiKey, organizationId, documentId, manager, use);
    if (!found) throw new ServiceError('NOT_FOUND', DOCUMENT_MESSAGES.missing, { documentId });
    if (use === 'user-content') await this.refuseDisabled(apiKey, organizationId, found, manager);
  }

  /**
   * The document as `require` finds it, or, with `createDocument`, a new one named after its
   * id: append the answer with the caller's own events, in the same transaction (the
   * organization must be there, or made in that transaction too).
   */
  async open(manager: EntityManager, request: DocumentRequest): Promise<AggregateToSave[]> {
    const { apiKey, organizationId, documentId, at } = request;
    const use = request.use ?? 'administration';
    const found = await this.lock(apiKey, organizationId, documentId, manager, use);
    if (use === 'user-content') await this.refuseDisabled(apiKey, organizationId, found, manager);
    if (found) return [];
    if (!request.createDocument) {
      throw new ServiceError('NOT_FOUND', DOCUMENT_MESSAGES.missing, { documentId });
    }
    const ref = { apiKey, organizationId, documentId };
    const streamId = documentStream(ref);
    const history = await this.store.readStreams([streamId], manager);
    const document = new Document(ref).load((history.get(streamId) ?? []) as never);
    document.add(
      {
        documentName: request.documentName ?? documentId,
        folderId: null,
        accessType: request.accessType,
        disabled: false,
        metadata: {},
      },
      at,
    );
    return [{ streamId, streamType: DOCUMENT_STREAM_TYPE, aggregate: document }];
  }

  /**
   * The document's row, locked: FOR KEY SHARE holds off its deletion; for `user-content`,
   * FOR SHARE also holds off a change of its disabled state, so a write that saw it enabled
   * commits before the document is disabled, and one after sees it disabled.
   */
  private async lock(
    apiKey: string,
    organizationId: string,
    documentId: string,
    manager: EntityManager,
    use: DocumentUse,
  ): Promise<LockedDocument | undefined> {
    const rows: LockedDocument[] = await manager.query(
      `SELECT document_id, disabled FROM documents
       WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
       ${use === 'user-content' ? 'FOR SHARE' : 'FOR KEY SHARE'}`,
      [apiKey, organizationId, documentId],
    );
    return rows[0];
  }

  /**
   * D6.6: a disabled organization (the organizations library's read row, locked FOR SHARE as
   * the document's) or document refuses writes of user content; the organization is named
   * first. An organization made in this transaction has no row yet, and is enabled.
   */
  private async refuseDisabled(
    apiKey: string,
    organizationId: string,
    document: LockedDocument | undefined,
    manager: EntityManager,
  ): Promise<void> {
    const rows: { disabled: boolean }[] = await manager.query(
      `SELECT disabled FROM organizations WHERE api_key = $1 AND organization_id = $2 FOR SHARE`,
      [apiKey, organizationId],
    );
    if (rows[0]?.disabled) {
      throw new ServiceError(
        'FAILED_PRECONDITION',
        disabledMessage('Organization', organizationId),
        {
          organizationId,
        },
      );
    }
    if (document?.disabled) {
      const { document_id: documentId } = document;
      throw new ServiceError('FAILED_PRECONDITION', disabledMessage('Document', documentId), {
        documentId,
      });
    }
  }
}
