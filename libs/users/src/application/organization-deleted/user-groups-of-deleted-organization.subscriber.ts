import { Injectable } from '@nestjs/common';
import { EventStore, Subscriber, type EventSubscriber, type RecordedEvent } from '@app/event-store';
import { OrganizationDeleted } from '@app/organizations';
import type { EntityManager } from 'typeorm';
import { userGroupStream } from '../../domain/user-group.aggregate';

/**
 * Deleting an organization deletes its user groups, their memberships and the traces of
 * removed user records (D6.9): rows and streams (membership and removed-record stream ids
 * name the user), so nothing of them stays and a group made again starts empty. In the
 * checkpoint's transaction: a redelivered event finds nothing left.
 */
@Subscriber()
@Injectable()
export class UserGroupsOfDeletedOrganizationSubscriber implements EventSubscriber {
  readonly subscriptionId = 'users.user-groups-of-deleted-organization';
  readonly handles = [OrganizationDeleted.type];

  constructor(private readonly store: EventStore) {}

  async handle(events: RecordedEvent[], m: EntityManager): Promise<void> {
    for (const event of events.filter(OrganizationDeleted.is)) {
      const { apiKey, organizationId } = event.data as { apiKey: string; organizationId: string };
      const where = 'WHERE api_key = $1 AND organization_id = $2';
      const groups: { group_id: string }[] = await m.query(
        `WITH gone AS (DELETE FROM user_groups ${where} RETURNING group_id) SELECT * FROM gone`,
        [apiKey, organizationId],
      );
      await m.query(`DELETE FROM user_group_members ${where}`, [apiKey, organizationId]);
      // Every membership stream has a trace (written with the user's first membership).
      const traces: { stream_id: string }[] = await m.query(
        `WITH gone AS (DELETE FROM user_stream_traces ${where} RETURNING stream_id)
         SELECT * FROM gone`,
        [apiKey, organizationId],
      );
      await this.store.purge(m, [
        ...groups.map(({ group_id: groupId }) =>
          userGroupStream({ apiKey, organizationId, groupId }),
        ),
        ...traces.map((t) => t.stream_id),
      ]);
    }
  }
}
