import { Query } from '@nestjs/cqrs';
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
export class GetCommentCountsQuery extends Query<Record<string, CommentCount>> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly organizationId: string,
    readonly documentIds: string[],
    readonly userId: string,
    readonly statusIds: string[] | undefined,
  ) {
    super();
  }
}
