import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { ACTIVITY_STREAM_TYPE } from '../../domain/activity.aggregate';

/**
 * Deleting an organization deletes its activity records (D6.9), immutable ones too: rows and
 * streams, so an activity id used again starts from scratch.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationActivitiesSubscriber implements EventSubscriber {
  readonly subscriptionId = 'activities.organization-deleted';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'activities', {
        tables: ['activities'],
        streamTypes: [ACTIVITY_STREAM_TYPE],
      });
    }
  }
}
