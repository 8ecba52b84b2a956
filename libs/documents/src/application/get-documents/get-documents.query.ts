import { QueryOf, type Page } from '@app/platform';
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

/** What the hosted path adds to operation 11 (D6.8): a folder filter and keyset pages. */
export interface DocumentPageRequest {
  /** Only documents directly in this folder. */
  folderId?: string;
  pageSize: number;
  pageToken?: string;
}

/**
 * Operation 11: the organization's documents in id order, all of them without `documentIds`
 * (D6.5). With `page` (the hosted path) one page of them, filtered by folder when asked.
 */
export class GetDocumentsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    documentIds: string[] | undefined;
    page?: DocumentPageRequest;
  },
  DocumentView[] | Page<DocumentView>
>() {}
