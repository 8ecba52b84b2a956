import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { OrganizationView } from '../common/organization-view';

/** Operation 8: keyset pages in id order (D5.5, D6.2). */
export class GetOrganizationsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    organizationIds: string[] | undefined;
    pageSize: number;
    pageToken: string | undefined;
  },
  Page<OrganizationView>
>() {}
