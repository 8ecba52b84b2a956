import { Injectable } from '@nestjs/common';
import { ServiceError } from '@app/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { DOCUMENT_MESSAGES } from '../../domain/document.aggregate';

/**
 * Which documents exist, for features that keep data of a document (users at document
 * scope, collaboration data). Public: the documents library's read table stays its own.
 */
@Injectable()
export class DocumentDirectory {
  constructor(private readonly dataSource: DataSource) {}

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
    const rows = await manager.query(
      `SELECT 1 FROM documents WHERE api_key = $1 AND organization_id = $2 AND document_id = $3
       FOR KEY SHARE`,
      [apiKey, organizationId, documentId],
    );
    if (rows.length === 0) {
      throw new ServiceError('NOT_FOUND', DOCUMENT_MESSAGES.missing, { documentId });
    }
  }
}
