import { QueryOf } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** Total and unread annotations of one document for one user. */
export interface CommentCount {
  total: number;
  unread: number;
}

/**
 * `/v2/commentannotations/count/get`: per document, its comment annotations (of the given
 * statuses) and how many of them are unread for `userId`.
 */
export class GetCommentCountsQuery extends QueryOf<
  {
    tenant: ApiKeyTenant;
    organizationId: string;
    documentIds: string[];
    userId: string;
    statusIds: string[] | undefined;
  },
  Record<string, CommentCount>
>() {}
