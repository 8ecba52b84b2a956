import { NotApplied, WriteIdFilter } from '@app/platform';
import { DocumentTargetRequest } from './common.dto';

/**
 * `/v2/commentannotations/delete`: the document's annotations, narrowed by every filter
 * given at once (ids, locations, authors); without any, all of them (hosted).
 */
export class DeleteCommentAnnotationsRequest extends DocumentTargetRequest {
  @WriteIdFilter()
  annotationIds?: string[];

  @WriteIdFilter()
  locationIds?: string[];

  /** Authors (`from.userId`). */
  @WriteIdFilter()
  userIds?: string[];

  @NotApplied()
  agentId?: unknown;

  @NotApplied(false)
  agentSuggestions?: unknown;

  @NotApplied()
  agentUrls?: unknown;
}
