import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt } from 'class-validator';
import {
  BatchOf,
  IdFilter,
  IsCallerId,
  MAX_BATCH_ITEMS,
  OptionalField,
  RequiredField,
  RequiredId,
  RequiredIds,
} from '@app/platform';
import { DocumentTargetRequest } from './common.dto';
import { PresenceUserDto } from './simple-kinds.request';

/** The hosted page's limit of documents per count call. */
export const MAX_COUNTED_DOCUMENTS = 30;

/** `/v2/commentannotations/count/get`. */
export class GetCommentCountsRequest {
  @RequiredId()
  organizationId: string;

  /** 1 to 30 documents (hosted limit). */
  @RequiredField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_COUNTED_DOCUMENTS)
  @IsCallerId({ each: true })
  documentIds: string[];

  /** Whose unread annotations are counted. */
  @RequiredId()
  userId: string;

  @IdFilter()
  statusIds?: string[];
}

/** `/v2/commentannotations/comments/get`. */
export class GetCommentsRequest extends DocumentTargetRequest {
  @RequiredId()
  annotationId: string;

  /** Authors: only their comments (the page marks it required; its examples leave it out). */
  @IdFilter()
  userIds?: string[];

  @OptionalField()
  @applyDecorators(IsArray(), ArrayMaxSize(MAX_BATCH_ITEMS), IsInt({ each: true }))
  commentIds?: number[];
}

/** `/v2/commentannotations/viewedby/add|delete`: a user read (or unread) annotations. */
export class AnnotationReadsRequest extends DocumentTargetRequest {
  @RequiredId()
  userId: string;

  @RequiredIds()
  annotationIds: string[];
}

/** `/v2/presence/update`. */
export class UpdatePresenceRequest extends DocumentTargetRequest {
  @BatchOf(() => PresenceUserDto)
  users: PresenceUserDto[];
}
