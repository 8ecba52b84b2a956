import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';

/** A group as usergroups/add takes it: id, name and kept extra fields. */
export interface UserGroupItem {
  groupId: string;
  groupName?: string;
  metadata: Record<string, unknown>;
}

/**
 * `POST /v2/organizations/usergroups/add` (hosted): a missing organization fails the call
 * with NOT_FOUND unless `createOrganization` is set (as users/add); a group that exists fails
 * its item.
 */
export class AddUserGroupsCommand extends CommandOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    groups: UserGroupItem[];
    createOrganization: boolean;
  },
  BatchResult
>() {}
