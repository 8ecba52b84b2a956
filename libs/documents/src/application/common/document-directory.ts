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
}

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
   * is locked (FOR KEY SHARE) for the caller's transaction: a deletion of the document waits
   * for the write to commit, so the data written is there for the deletion to clean up.
   */
  async require(
    apiKey: string,
    organizationId: string,
    documentId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (!(await this.lock(apiKey, organizationId, documentId, manager))) {
      throw new ServiceError('NOT_FOUND', DOCUMENT_MESSAGES.missing, { documentId });
    }
  }

  /**
   * The document as `require` finds it, or, with `createDocument`, a new one named after its
   * id: append the answer with the caller's own events, in the same transaction (the
   * organization must be there, or made in that transaction too).
   */
  async open(manager: EntityManager, request: DocumentRequest): Promise<AggregateToSave[]> {
    const { apiKey, organizationId, documentId, at } = request;
    if (await this.lock(apiKey, organizationId, documentId, manager)) return [];
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

  private async lock(
    apiKey: string,
    organizationId: string,
    documentId: string,
    manager: EntityManager,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM documents WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
       FOR KEY SHARE`,
      [apiKey, organizationId, documentId],
    );
    return rows.length > 0;
  }
}
