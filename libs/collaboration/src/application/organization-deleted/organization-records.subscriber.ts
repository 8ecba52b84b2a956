import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
import { RECORD_STREAM_TYPE } from '../../domain/collab-record.aggregate';

/**
 * Deleting an organization deletes all its collaboration data (D6.9): the records of every
 * document and their streams, those deleted before included (a record id can be used again
 * in an organization added again), and the annotation number counters.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationRecordsSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'collaboration.organization-deleted';
  protected readonly library = 'collaboration';
  protected readonly data = {
    tables: ['collab_records', 'collab_annotation_numbers'],
    streamTypes: [RECORD_STREAM_TYPE],
  };
}
