import { Query } from '@nestjs/cqrs';
import type { ApiKeyTenant } from '@app/workspaces';

/** Which comments of one annotation to read: all of them, or those of the given ids. */
export interface CommentSelection {
  organizationId: string;
  documentId: string;
  annotationId: string;
  /** Authors (`from.userId`): only their comments. */
  userIds?: string[];
  commentIds?: number[];
}

/**
 * `/v2/commentannotations/comments/get`: the comments in the order added; with `commentIds`,
 * one entry per id in the order asked, `null` where no such comment is (hosted).
 */
export class GetCommentsQuery extends Query<(Record<string, unknown> | null)[]> {
  constructor(
    readonly tenant: ApiKeyTenant,
    readonly selection: CommentSelection,
  ) {
    super();
  }
}
