import { Injectable } from '@nestjs/common';
import { Subscriber } from '@app/event-store';
import { OrganizationDataSubscriber } from '@app/organizations';
import { ACTIVITY_STREAM_TYPE } from '../../domain/activity.aggregate';

/**
 * Deleting an organization deletes its activity records (D6.9), immutable ones too: rows and
 * streams, so an activity id used again starts from scratch.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class OrganizationActivitiesSubscriber extends OrganizationDataSubscriber {
  readonly subscriptionId = 'activities.organization-deleted';
  protected readonly library = 'activities';
  protected readonly data = { tables: ['activities'], streamTypes: [ACTIVITY_STREAM_TYPE] };
}
