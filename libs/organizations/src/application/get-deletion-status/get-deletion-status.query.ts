import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export type OrganizationDeletionStatus = 'in_progress' | 'completed' | 'failed';

export interface OrganizationDeletionStatusView {
  deletionId: string;
  organizationId: string;
  status: OrganizationDeletionStatus;
  deletedAt: number;
}

/** How far an organization deletion (D6.9) is. */
export class GetOrganizationDeletionStatusQuery extends Query<OrganizationDeletionStatusView> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly deletionId: string,
  ) {
    super();
  }
}
