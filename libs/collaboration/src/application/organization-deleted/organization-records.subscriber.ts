import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { RECORD_STREAM_TYPE } from '../../domain/collab-record.aggregate';

/**
 * Deleting an organization deletes all its collaboration data (D6.9): the records of every
 * document and their streams, those deleted before included (a record id can be used again
 * in an organization added again), and the annotation number counters.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationRecordsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'collaboration.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'collaboration', {
        tables: ['collab_records', 'collab_annotation_numbers'],
        streamTypes: [RECORD_STREAM_TYPE],
      });
    }
  }
}
