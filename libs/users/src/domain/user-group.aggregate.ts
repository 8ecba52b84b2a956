import { Aggregate, ItemRefused, streamId } from '@app/event-store';
import { UserGroupAdded, type UserGroupEvent, type UserGroupRef } from './user-group.events';

export const USER_GROUP_STREAM_TYPE = 'user-group';
export const userGroupStream = ({ apiKey, organizationId, groupId }: UserGroupRef) =>
  streamId(USER_GROUP_STREAM_TYPE, apiKey, organizationId, groupId);

/** Hosted per-item messages of usergroups/add. */
export const USER_GROUP_MESSAGES = {
  added: 'Organization user group added.',
  exists: 'Organization user group already exists.',
  missing: 'Organization user group does not exist.',
} as const;

export interface UserGroupFields {
  groupName?: string;
  metadata?: Record<string, unknown>;
}

/**
 * An organization user group. Deleting its organization purges its stream (D6.9), so a group
 * made again under the same id starts anew.
 */
export class UserGroup extends Aggregate<UserGroupEvent> {
  exists = false;

  constructor(readonly ref: UserGroupRef) {
    super();
  }

  add(fields: UserGroupFields, at: number): string {
    if (this.exists) throw new ItemRefused(USER_GROUP_MESSAGES.exists, 'already-exists');
    this.raise(
      UserGroupAdded({
        ...this.ref,
        groupName: fields.groupName ?? '',
        metadata: fields.metadata ?? {},
        at,
      }),
    );
    return USER_GROUP_MESSAGES.added;
  }

  protected when(event: UserGroupEvent): void {
    if (UserGroupAdded.is(event)) this.exists = true;
  }
}
