import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';
import type { RecordView } from '../get-records/get-records.query';

/**
 * What a read of comment annotations narrows by; every filter given applies at once. Lists
 * match any of their values; times are epoch milliseconds, bounds excluded (hosted "after",
 * "before").
 */
export interface AnnotationFilter {
  organizationId: string;
  documentIds?: string[];
  folderId?: string;
  annotationIds?: string[];
  locationIds?: string[];
  /** Authors (`from.userId`). */
  userIds?: string[];
  mentionedUserIds?: string[];
  resolvedBy?: string;
  statusIds?: string[];
  updatedAfter?: number;
  updatedBefore?: number;
  createdAfter?: number;
  createdBefore?: number;
  order: 'asc' | 'desc';
}

/** `/v2/commentannotations/get`: one keyset page in `lastUpdated` order, grouped or not. */
export class GetCommentAnnotationsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    filter: AnnotationFilter;
    groupByDocumentId: boolean;
    pageSize: number;
    pageToken: string | undefined;
  },
  Page<RecordView>
>() {}
