import { Injectable } from '@nestjs/common';
import {
  deleteOrganizationData,
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
 * in an organization added again), and the annotation number counters. In the checkpoint's
 * transaction: a redelivered event finds nothing left.
 */
@Subscriber()
@Injectable()
export class OrganizationRecordsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'collaboration.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const { data } of events.filter(OrganizationDeleted.is)) {
      await deleteOrganizationData(m, data, {
        tables: ['collab_records', 'collab_annotation_numbers'],
        streamTypes: [RECORD_STREAM_TYPE],
      });
    }
  }
}
