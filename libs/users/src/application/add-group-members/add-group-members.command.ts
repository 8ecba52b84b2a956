import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { MembershipTarget } from '../common/membership-batch';

/**
 * `POST /v2/organizations/usergroups/users/add` (hosted): each user joins the group; one
 * already in it fails its item (`already-exists`, D5.3). Users need no record: a group may
 * name users the organization learns of later.
 */
export class AddGroupMembersCommand extends CommandOf<
  { target: MembershipTarget },
  BatchResult
>() {}
