import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
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
export class OrganizationDocumentsSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'documents.organization-deleted';
  protected readonly library = 'documents';
  protected readonly data = {
    tables: ['documents', 'document_migrations'],
    streamTypes: [DOCUMENT_STREAM_TYPE],
  };
}
