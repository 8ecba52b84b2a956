import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { IdFilter, IsCallerId, NotApplied, OptionalField } from '@app/platform';
import type { AnnotationFilter } from '../../application/get-comment-annotations/get-comment-annotations.query';
import { documentsOf } from '../record-commands';
import { RecordReadRequest } from './common.dto';

/** An epoch-milliseconds bound of a time filter: a safe integer, as the bigint it is compared as. */
const TimeBound = () =>
  applyDecorators(OptionalField(), IsInt(), Min(0), Max(Number.MAX_SAFE_INTEGER));

/**
 * `/v2/commentannotations/get`: an organization's annotations, narrowed by every filter
 * given at once, in keyset pages ordered by `lastUpdated` (hosted default: newest first).
 * `userIds` are authors (hosted: "users who created the annotations"); an empty list filters
 * nothing.
 */
export class GetCommentAnnotationsRequest extends RecordReadRequest {
  @OptionalField()
  @IsBoolean()
  groupByDocumentId?: boolean;

  @OptionalField()
  @IsCallerId()
  folderId?: string;

  @IdFilter()
  annotationIds?: string[];

  @IdFilter()
  mentionedUserIds?: string[];

  @OptionalField()
  @IsCallerId()
  resolvedBy?: string;

  @IdFilter()
  statusIds?: string[];

  /** One status; the hosted examples send it beside the documented `statusIds`. */
  @OptionalField()
  @IsCallerId()
  statusId?: string;

  @OptionalField()
  @IsIn(['asc', 'desc'], { message: '$property must be asc or desc' })
  order: 'asc' | 'desc' = 'desc';

  @TimeBound()
  updatedAfter?: number;

  @TimeBound()
  updatedBefore?: number;

  @TimeBound()
  createdAfter?: number;

  @TimeBound()
  createdBefore?: number;

  @NotApplied()
  agentId?: unknown;

  @NotApplied()
  executionId?: unknown;

  @NotApplied()
  agentType?: unknown;

  @NotApplied()
  agentSource?: unknown;

  @NotApplied(false)
  agentSuggestions?: unknown;

  @NotApplied(false)
  agentComments?: unknown;
}

/** The request's filters as the query reads them: one document list, one status list. */
export function annotationFilterOf(data: GetCommentAnnotationsRequest): AnnotationFilter {
  const statuses =
    data.statusId !== undefined ? [data.statusId, ...(data.statusIds ?? [])] : data.statusIds;
  return {
    organizationId: data.organizationId,
    documentIds: documentsOf(data),
    folderId: data.folderId,
    annotationIds: data.annotationIds,
    locationIds: data.locationIds,
    userIds: data.userIds,
    mentionedUserIds: data.mentionedUserIds,
    resolvedBy: data.resolvedBy,
    statusIds: statuses,
    updatedAfter: data.updatedAfter,
    updatedBefore: data.updatedBefore,
    createdAfter: data.createdAfter,
    createdBefore: data.createdBefore,
    order: data.order,
  };
}
