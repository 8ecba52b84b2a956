import { EventStore, type StreamBatch } from '@app/event-store';
import { metadataOf, type ApiKeyTenant } from '@app/workspaces';
import type { EntityManager } from 'typeorm';
import {
  Memberships,
  MEMBERSHIP_STREAM_TYPE,
  membershipStream,
} from '../../domain/membership.aggregate';
import { UserGroup, USER_GROUP_MESSAGES, userGroupStream } from '../../domain/user-group.aggregate';
import { ItemRefused } from '@app/event-store';

/** The group a membership call names, and the users it acts on. */
export interface MembershipTarget {
  tenant: ApiKeyTenant;
  organizationId: string;
  groupId: string;
  userIds: string[];
}

/**
 * usergroups/users/add and .../delete differ only in what each user's memberships do with
 * the group. The group is read in the batch's transaction; a missing group (or organization)
 * fails every item `not-found`, as an item that names nothing does elsewhere (D5.3).
 */
export function membershipBatch(
  store: EventStore,
  { tenant, organizationId, groupId, userIds }: MembershipTarget,
  decide: (memberships: Memberships, group: UserGroup) => string,
): StreamBatch<string, Memberships> {
  const { apiKey } = tenant;
  let group = new UserGroup({ apiKey, organizationId, groupId });
  const refOf = (userId: string) => ({ apiKey, organizationId, userId });
  return {
    items: userIds,
    idOf: (userId) => userId,
    streamOf: (userId) => ({
      streamId: membershipStream(refOf(userId)),
      streamType: MEMBERSHIP_STREAM_TYPE,
    }),
    create: (userId) => new Memberships(refOf(userId)),
    decide: (memberships) => {
      if (!group.exists) throw new ItemRefused(USER_GROUP_MESSAGES.missing, 'not-found');
      return decide(memberships, group);
    },
    metadata: metadataOf(tenant),
    prepare: async (manager: EntityManager) => {
      group = new UserGroup(group.ref).load(
        (await store.readStream(userGroupStream(group.ref), manager)) as never,
      );
      // The group stream is not written: a membership change leaves the group as it is.
      return [];
    },
  };
}

/** The hosted answer names the group in each user's item. */
export const withGroupId = <T extends object>(result: Record<string, T>, groupId: string) =>
  Object.fromEntries(
    Object.entries(result).map(([userId, item]) => [
      userId,
      { ...item, organizationUserGroupId: groupId },
    ]),
  );
