import { Injectable } from '@nestjs/common';
import {
  deleteOrganizationData,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { ACTIVITY_STREAM_TYPE } from '../../domain/activity.aggregate';

/**
 * Deleting an organization deletes its activity records (D6.9), immutable ones too: rows and
 * streams, so an activity id used again starts from scratch. In the checkpoint's
 * transaction: a redelivered event finds nothing left.
 */
@Subscriber()
@Injectable()
export class OrganizationActivitiesSubscriber implements EventSubscriber {
  readonly subscriptionId = 'activities.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const { data } of events.filter(OrganizationDeleted.is)) {
      await deleteOrganizationData(m, data, {
        tables: ['activities'],
        streamTypes: [ACTIVITY_STREAM_TYPE],
      });
    }
  }
}
