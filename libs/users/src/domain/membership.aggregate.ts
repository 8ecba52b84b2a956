import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import {
  UserGroupMemberAdded,
  UserGroupMemberRemoved,
  type MembershipEvent,
  type MembershipRef,
} from './user-group.events';
import type { UserGroup } from './user-group.aggregate';

export const MEMBERSHIP_STREAM_TYPE = 'user-group-membership';
/** Named by the user, so erasure purges it whole (D8.3) without reading it. */
export const membershipStream = ({ apiKey, organizationId, userId }: MembershipRef) =>
  streamId(MEMBERSHIP_STREAM_TYPE, apiKey, organizationId, userId);

/** Hosted per-item messages of usergroups/users/add and .../delete. */
export const MEMBERSHIP_MESSAGES = {
  added: 'User added to organization user group.',
  removed: 'User deleted from organization user group.',
  already: 'User is already in organization user group.',
  notMember: 'User is not in organization user group.',
} as const;

/** The groups one user of an organization belongs to. */
export class Memberships extends Aggregate<MembershipEvent> {
  private readonly groups = new Set<string>();

  constructor(readonly ref: MembershipRef) {
    super();
  }

  join(group: UserGroup, at: number): string {
    const { groupId } = group.ref;
    if (this.groups.has(groupId)) {
      throw new ItemRefused(MEMBERSHIP_MESSAGES.already, 'already-exists');
    }
    this.raise(UserGroupMemberAdded({ ...this.ref, groupId, at }));
    return MEMBERSHIP_MESSAGES.added;
  }

  leave(group: UserGroup, at: number): string {
    const { groupId } = group.ref;
    if (!this.groups.has(groupId)) {
      throw new ItemRefused(MEMBERSHIP_MESSAGES.notMember, 'not-found');
    }
    this.raise(UserGroupMemberRemoved({ ...this.ref, groupId, at }));
    return MEMBERSHIP_MESSAGES.removed;
  }

  /** Leaves every group (users/delete of the organization); answers whether there was one. */
  leaveAll(at: number): boolean {
    const groups = [...this.groups];
    for (const groupId of groups) this.raise(UserGroupMemberRemoved({ ...this.ref, groupId, at }));
    return groups.length > 0;
  }

  protected when(event: MembershipEvent): void {
    if (UserGroupMemberAdded.is(event)) this.groups.add(event.data.groupId);
    else this.groups.delete(event.data.groupId);
  }
}
