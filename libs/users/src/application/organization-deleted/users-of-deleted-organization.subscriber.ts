import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { USER_STREAM_TYPE } from '../../domain/user.aggregate';

/**
 * Deleting an organization deletes its user records at every scope (D6.9): rows and
 * streams, whose ids name the user, so nothing of them stays and a user added again in an
 * organization added again starts from scratch.
 * A background job (OrganizationDataDeletion) removes them in short steps.
 */
@Subscriber()
@Injectable()
export class UsersOfDeletedOrganizationSubscriber implements EventSubscriber {
  readonly subscriptionId = 'users.users-of-deleted-organization';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'users', {
        tables: ['users'],
        streamTypes: [USER_STREAM_TYPE],
      });
    }
  }
}
