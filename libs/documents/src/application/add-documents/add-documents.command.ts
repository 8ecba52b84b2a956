import { CommandOf } from '@app/platform';
import type { BatchResult } from '@app/event-store';
import type { ApiKeyTenant } from '@app/workspaces';
import type { DocumentItem } from '../common/document-item';

export interface AddDocumentsInput {
  organizationId: string;
  createOrganization: boolean;
  folderId?: string;
  createFolder: boolean;
  documents: DocumentItem[];
}

/** Operation 10 (D6.3, D6.4). */
export class AddDocumentsCommand extends CommandOf<
  { tenant: ApiKeyTenant; input: AddDocumentsInput },
  BatchResult
>() {}
