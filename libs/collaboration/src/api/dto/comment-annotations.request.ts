import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  BatchOf,
  IdFilter,
  IsCallerId,
  MAX_BATCH_ITEMS,
  OptionalText,
  RequiredId,
  RequiredIds,
} from '@app/platform';
import {
  DocumentTargetRequest,
  LocationDto,
  OptionalLocation,
  OptionalUser,
  RecordReadRequest,
  RequiredUser,
  UserDto,
} from './common.dto';

const MAX_TEXT = 100_000;

export class TaggedContactDto {
  @RequiredId()
  userId: string;

  @OptionalUser()
  contact?: UserDto;

  @OptionalText(1024)
  text?: string;
}

export class CommentChangesDto {
  @OptionalText(MAX_TEXT)
  commentText?: string;

  @OptionalText(MAX_TEXT)
  commentHtml?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TaggedContactDto)
  taggedUserContacts?: TaggedContactDto[];

  @IsOptional()
  @IsObject()
  context?: Record<string, unknown>;
}

export class CommentDto extends CommentChangesDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  commentId?: number;

  @RequiredUser()
  from: UserDto;
}

/** 1 to 100 comments. */
const CommentList = () =>
  applyDecorators(
    IsDefined({ message: '$property is required' }),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(100),
    ValidateNested({ each: true }),
    Type(() => CommentDto),
  );

export class AnnotationDto {
  /** Made by the server when absent. */
  @IsOptional()
  @IsCallerId()
  annotationId?: string;

  @OptionalLocation()
  location?: LocationDto;

  @OptionalUser()
  from?: UserDto;

  @IsOptional()
  @IsObject()
  status?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  priority?: Record<string, unknown>;

  @OptionalUser()
  assignedTo?: UserDto;

  @IsOptional()
  @IsObject()
  context?: Record<string, unknown>;

  @CommentList()
  commentData: CommentDto[];
}

export class AddCommentAnnotationsRequest extends DocumentTargetRequest {
  @BatchOf(() => AnnotationDto)
  commentAnnotations: AnnotationDto[];
}

export class GetCommentAnnotationsRequest extends RecordReadRequest {
  @IdFilter()
  annotationIds?: string[];
}

export class AnnotationChangesDto {
  @IsOptional()
  @IsObject()
  status?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  priority?: Record<string, unknown>;

  /** null unassigns (IsOptional lets null through unvalidated). */
  @OptionalUser()
  assignedTo?: UserDto | null;

  @IsOptional()
  @IsObject()
  context?: Record<string, unknown>;
}

export class UpdateCommentAnnotationsRequest extends DocumentTargetRequest {
  @RequiredIds()
  annotationIds: string[];

  @IsDefined({ message: '$property is required' })
  @ValidateNested()
  @Type(() => AnnotationChangesDto)
  updatedData: AnnotationChangesDto;
}

export class DeleteCommentAnnotationsRequest extends DocumentTargetRequest {
  @RequiredIds()
  annotationIds: string[];
}

/** The annotation a comment operation acts on. */
export class AnnotationTargetRequest extends DocumentTargetRequest {
  @RequiredId()
  annotationId: string;
}

export class AddCommentsRequest extends AnnotationTargetRequest {
  @CommentList()
  commentData: CommentDto[];
}

/** 1 to 1000 comment ids (numbers, as the hosted service makes them). */
const CommentIds = () =>
  applyDecorators(IsArray(), ArrayMinSize(1), ArrayMaxSize(MAX_BATCH_ITEMS), IsInt({ each: true }));

export class UpdateCommentsRequest extends AnnotationTargetRequest {
  @IsDefined({ message: '$property is required' })
  @CommentIds()
  commentIds: number[];

  @IsDefined({ message: '$property is required' })
  @ValidateNested()
  @Type(() => CommentChangesDto)
  updatedData: CommentChangesDto;
}

export class DeleteCommentsRequest extends AnnotationTargetRequest {
  @IsOptional()
  @CommentIds()
  commentIds?: number[];
}

export class CommentReactionRequest extends AnnotationTargetRequest {
  @IsDefined({ message: '$property is required' })
  @IsInt()
  commentId: number;

  @IsDefined({ message: '$property is required' })
  @IsString()
  @MaxLength(128)
  icon: string;

  @RequiredUser()
  user: UserDto;
}
