import { defineEvent, type EventOf } from '@app/event-store';

/** Every group event names its API key, organization and group. */
export interface UserGroupRef {
  apiKey: string;
  organizationId: string;
  groupId: string;
}

/** A group is made (hosted usergroups/add). */
export const UserGroupAdded = defineEvent<
  UserGroupRef & { groupName: string; metadata: Record<string, unknown>; at: number }
>()('users.user-group-added');

export const USER_GROUP_EVENTS = { UserGroupAdded };
export type UserGroupEvent = EventOf<typeof USER_GROUP_EVENTS>;

/** A user's memberships in one organization live in one stream, named by the user. */
export interface MembershipRef {
  apiKey: string;
  organizationId: string;
  userId: string;
}

export const UserGroupMemberAdded = defineEvent<MembershipRef & { groupId: string; at: number }>()(
  'users.user-group-member-added',
);

export const UserGroupMemberRemoved = defineEvent<
  MembershipRef & { groupId: string; at: number }
>()('users.user-group-member-removed');

export const MEMBERSHIP_EVENTS = { UserGroupMemberAdded, UserGroupMemberRemoved };
export type MembershipEvent = EventOf<typeof MEMBERSHIP_EVENTS>;
