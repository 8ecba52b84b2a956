import { Injectable } from '@nestjs/common';
import { DocumentDeleted, DocumentMigrated } from '@app/documents';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { RecordRemover } from '../shared/record-remover';

/**
 * A document's collaboration data follows the document (D6.6, D6.7): deleted with it, moved
 * with its migration. Runs from the log (at least once); deleting or moving twice is a no-op.
 */
@Subscriber()
@Injectable()
export class DocumentDataSubscriber implements EventSubscriber {
  readonly subscriptionId = 'collaboration.document-data';
  readonly handles = [DocumentDeleted.type, DocumentMigrated.type];

  constructor(private readonly remover: RecordRemover) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      const { apiKey, organizationId, documentId } = event.data as {
        apiKey: string;
        organizationId: string;
        documentId: string;
      };
      const metadata = { apiKey, actor: 'process:document-data', causationId: event.eventId };
      // In the checkpoint's transaction: the data and the checkpoint move together.
      const refs = await this.remover.find(
        apiKey,
        `organization_id = $2 AND document_id = $3`,
        [organizationId, documentId],
        m,
      );
      if (DocumentMigrated.is(event)) {
        await this.remover.move(refs, event.data.newDocumentId, metadata, m);
      } else {
        await this.remover.delete(refs, 'document', metadata, m);
      }
    }
  }
}
