import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export type DeletionStatus = 'in_progress' | 'completed' | 'failed';

export interface DeletionStatusView {
  deletionId: string;
  organizationId: string;
  status: DeletionStatus;
  deletedAt: number;
}

/** How far an organization deletion (D6.9) is. */
export class GetDeletionStatusQuery extends Query<DeletionStatusView> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly deletionId: string,
  ) {
    super();
  }
}
