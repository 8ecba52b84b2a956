import { QueryOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { Verdict } from '../common/access-facts';

/** One user's access: the organization, and the folders and documents asked for (hosted). */
export interface UserAccessView {
  organization: Record<string, Verdict>;
  folders?: Record<string, Verdict>;
  documents?: Record<string, Verdict>;
}

/** `/v2/auth/permissions/get`: effective access of users in one organization, by user id. */
export class GetPermissionsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    userIds: string[];
    folderIds: string[];
    documentIds: string[];
  },
  Record<string, UserAccessView>
>() {}
