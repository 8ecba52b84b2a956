import { IsInt, Min } from 'class-validator';
import { BatchOf, FreeObject, IsCallerId, NestedList, OptionalField } from '@app/platform';
import { AnnotationTargetRequest, CommentChangesDto } from './comment-annotations.request';
import {
  DocumentTargetRequest,
  LocationDto,
  OptionalLocation,
  OptionalUser,
  RequiredUser,
  UserDto,
} from './common.dto';

/** One comment as an add call gives it. */
export class CommentDto extends CommentChangesDto {
  @OptionalField()
  @IsInt()
  @Min(1)
  commentId?: number;

  @RequiredUser()
  from: UserDto;
}

/** 1 to 100 comments. */
const CommentList = () => NestedList(() => CommentDto, { min: 1, max: 100 });

export class AnnotationDto {
  /** Made by the server when absent. */
  @OptionalField()
  @IsCallerId()
  annotationId?: string;

  @OptionalLocation()
  location?: LocationDto;

  @OptionalUser()
  from?: UserDto;

  @FreeObject()
  status?: Record<string, unknown>;

  @FreeObject()
  priority?: Record<string, unknown>;

  @OptionalUser()
  assignedTo?: UserDto;

  @FreeObject()
  context?: Record<string, unknown>;

  @CommentList()
  commentData: CommentDto[];
}

export class AddCommentAnnotationsRequest extends DocumentTargetRequest {
  @BatchOf(() => AnnotationDto)
  commentAnnotations: AnnotationDto[];
}

export class AddCommentsRequest extends AnnotationTargetRequest {
  @CommentList()
  commentData: CommentDto[];
}
