import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { MembershipTarget } from '../common/membership-batch';

/**
 * `POST /v2/organizations/usergroups/users/delete` (hosted): each user leaves the group; one
 * not in it fails its item (`not-found`). With `deleteAll` the users are the group's members
 * (`userIds` is then empty), at most 1000 so one call stays one bounded transaction.
 */
export class RemoveGroupMembersCommand extends CommandOf<
  { target: MembershipTarget; deleteAll: boolean },
  BatchResult
>() {}
