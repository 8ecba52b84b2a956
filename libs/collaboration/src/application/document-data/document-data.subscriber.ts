import { Injectable } from '@nestjs/common';
import { DocumentDeleted, DocumentMigrated, type DocumentRef } from '@app/documents';
import { Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import type { EntityManager } from 'typeorm';
import { RecordRemover } from '../common/record-remover';

const documentDataMetadata = (apiKey: string, causationId: string) => ({
  apiKey,
  actor: 'process:document-data',
  causationId,
});

/** The ids an event must carry; a malformed one throws (and is parked) instead of matching nothing. */
function requireIds(event: RecordedEvent, fields: string[]): void {
  const data = event.data as Record<string, unknown>;
  const missing = fields.filter((f) => typeof data?.[f] !== 'string' || data[f] === '');
  if (missing.length > 0) throw new Error(`Malformed ${event.type}: no ${missing.join(', ')}`);
}

const REF_FIELDS = ['apiKey', 'organizationId', 'documentId'];

/**
 * A document's collaboration data follows the document (D6.6, D6.7): deleted with it, moved
 * with its migration. Runs from the log (at least once) in the checkpoint's transaction, so
 * the data and the checkpoint move together; deleting or moving twice is a no-op. Deletions
 * in a row (operation 12 deletes up to 1000 documents) are looked up in one query per key.
 */
@Subscriber()
@Injectable()
export class DocumentDataSubscriber implements EventSubscriber {
  readonly subscriptionId = 'collaboration.document-data';
  readonly handles = [DocumentDeleted.type, DocumentMigrated.type];

  constructor(private readonly remover: RecordRemover) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    let deletions: RecordedEvent[] = [];
    for (const event of events) {
      if (DocumentDeleted.is(event)) {
        requireIds(event, REF_FIELDS);
        deletions.push(event);
        continue;
      }
      await this.deleteData(deletions, m);
      deletions = [];
      if (DocumentMigrated.is(event)) {
        requireIds(event, [...REF_FIELDS, 'newDocumentId']);
        const { apiKey, organizationId, documentId, newDocumentId } = event.data;
        const refs = await this.remover.find(
          apiKey,
          `organization_id = $2 AND document_id = $3`,
          [organizationId, documentId],
          m,
        );
        await this.remover.move(
          refs,
          newDocumentId,
          documentDataMetadata(apiKey, event.eventId),
          m,
        );
      }
    }
    await this.deleteData(deletions, m);
  }

  private async deleteData(deletions: RecordedEvent[], m: EntityManager): Promise<void> {
    const byKey = new Map<string, DocumentRef[]>();
    for (const { data } of deletions) {
      const ref = data as DocumentRef;
      const list = byKey.get(ref.apiKey) ?? [];
      list.push(ref);
      byKey.set(ref.apiKey, list);
    }
    for (const [apiKey, documents] of byKey) {
      const refs = await this.remover.find(
        apiKey,
        `(organization_id, document_id) IN (SELECT * FROM unnest($2::text[], $3::text[]))`,
        [documents.map((d) => d.organizationId), documents.map((d) => d.documentId)],
        m,
      );
      const causation = deletions[deletions.length - 1].eventId;
      await this.remover.delete(refs, 'document', documentDataMetadata(apiKey, causation), m);
    }
  }
}
