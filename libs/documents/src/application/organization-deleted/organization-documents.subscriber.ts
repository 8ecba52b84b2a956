import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { DOCUMENT_STREAM_TYPE } from '../../domain/document.aggregate';

/**
 * An organization's documents go with it (D6.9): their rows and streams (so a document id
 * can be added again in an organization added again), and its migrations' rows. The
 * documents' collaboration data is the collaboration library's to delete, on the same
 * event.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationDocumentsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'documents.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'documents', {
        tables: ['documents', 'document_migrations'],
        streamTypes: [DOCUMENT_STREAM_TYPE],
      });
    }
  }
}
