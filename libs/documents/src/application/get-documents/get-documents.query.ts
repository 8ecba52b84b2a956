import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

export interface DocumentView extends Record<string, unknown> {
  id: string;
  documentName: string;
  disabled: boolean;
  accessType: string;
  folderId?: string;
  createdAt: number;
  lastUpdated: number;
}

/** Operation 11: the organization's documents in id order, all of them without `documentIds` (D6.5). */
export class GetDocumentsQuery extends Query<DocumentView[]> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[] | undefined,
  ) {
    super();
  }
}
