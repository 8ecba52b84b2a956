import { NotApplied } from '@app/platform';
import { DocumentTargetRequest } from './common.dto';
import { WriteFilter } from './filter-rules';

/**
 * `/v2/commentannotations/delete`: the document's annotations, narrowed by every filter
 * given at once (ids, locations, authors); without any, all of them (hosted).
 */
export class DeleteCommentAnnotationsRequest extends DocumentTargetRequest {
  @WriteFilter()
  annotationIds?: string[];

  @WriteFilter()
  locationIds?: string[];

  /** Authors (`from.userId`). */
  @WriteFilter()
  userIds?: string[];

  @NotApplied()
  agentId?: unknown;

  @NotApplied(false)
  agentSuggestions?: unknown;

  @NotApplied()
  agentUrls?: unknown;
}
