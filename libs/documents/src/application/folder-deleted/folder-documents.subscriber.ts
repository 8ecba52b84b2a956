import { Injectable } from '@nestjs/common';
import {
  AggregateRepository,
  EventStore,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { FolderDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { Document, DOCUMENT_STREAM_TYPE, documentStream } from '../../domain/document.aggregate';

/**
 * The documents of a deleted folder and of its subfolders are deleted as operation 12 does
 * (D6.6, D6.9): a DocumentDeleted each, which the collaboration library follows. One
 * transaction per folder deletion, with the checkpoint: a redelivery finds them deleted.
 */
@Subscriber()
@Injectable()
export class FolderDocumentsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'documents.folder-deleted';
  readonly handles = [FolderDeleted.type];

  constructor(
    private readonly store: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events) {
      if (!FolderDeleted.is(event)) continue;
      const { apiKey, organizationId, folderIds, at } = event.data;
      const rows: { document_id: string }[] = await m.query(
        `SELECT document_id FROM documents
         WHERE api_key = $1 AND organization_id = $2 AND folder_id = ANY($3::text[])`,
        [apiKey, organizationId, folderIds],
      );
      const refs = rows.map((r) => ({ apiKey, organizationId, documentId: r.document_id }));
      const history = await this.store.readStreams(refs.map(documentStream), m);
      const deleted = refs.map((ref) => {
        const document = new Document(ref).load((history.get(documentStream(ref)) ?? []) as never);
        document.delete(at);
        return {
          streamId: documentStream(ref),
          streamType: DOCUMENT_STREAM_TYPE,
          aggregate: document,
        };
      });
      const metadata = { apiKey, actor: 'process:folder-deletion', causationId: event.eventId };
      await this.repository.save(deleted, metadata, m);
    }
  }
}
