import { Query } from '@nestjs/cqrs';
import type { Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { OrganizationView } from '../common/organization-view';

/** Operation 8: keyset pages in id order (D5.5, D6.2). */
export class GetOrganizationsQuery extends Query<Page<OrganizationView>> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationIds: string[] | undefined,
    readonly pageSize: number,
    readonly pageToken: string | undefined,
  ) {
    super();
  }
}
