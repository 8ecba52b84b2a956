import { Injectable } from '@nestjs/common';
import {
  OrganizationDataDeletion,
  Subscriber,
  type EventSubscriber,
  type RecordedEvent,
} from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { USER_PERMISSIONS_STREAM_TYPE } from '../../domain/user-permissions.aggregate';

/**
 * D6.9: a deleted organization takes its users' permissions with it: the rows, and every
 * user's permission stream in it (their ids name the user; a user whose grants were all
 * removed has one too), so a rebuild brings nothing back. A background job
 * (OrganizationDataDeletion) removes them in short steps, as for every library.
 */
@Subscriber()
@Injectable()
export class OrganizationPermissionsSubscriber implements EventSubscriber {
  readonly subscriptionId = 'access.permissions-of-deleted-organization';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly deletion: OrganizationDataDeletion) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const deleted of events.filter(OrganizationDeleted.is)) {
      await this.deletion.record(m, deleted, 'access', {
        tables: ['access_permissions'],
        streamTypes: [USER_PERMISSIONS_STREAM_TYPE],
      });
    }
  }
}
