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
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  BatchOf,
  IdFilter,
  IsCallerId,
  MAX_BATCH_ITEMS,
  RequiredId,
  RequiredIds,
} from '@app/platform';
import { DocumentTargetRequest, LocationDto, RecordReadRequest, UserDto } from './common.dto';

const MAX_TEXT = 100_000;

export class TaggedContactDto {
  @RequiredId()
  userId: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => UserDto)
  contact?: UserDto;

  @IsOptional()
  @IsString()
  @MaxLength(1024)
  text?: string;
}

export class CommentChangesDto {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
  commentText?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_TEXT)
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

  @IsDefined({ message: '$property is required' })
  @ValidateNested()
  @Type(() => UserDto)
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

  @IsOptional()
  @ValidateNested()
  @Type(() => LocationDto)
  location?: LocationDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => UserDto)
  from?: UserDto;

  @IsOptional()
  @IsObject()
  status?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  priority?: Record<string, unknown>;

  @IsOptional()
  @ValidateNested()
  @Type(() => UserDto)
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
  @IsOptional()
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

  /** null unassigns. */
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @ValidateNested()
  @Type(() => UserDto)
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

export class UpdateCommentsRequest extends AnnotationTargetRequest {
  @IsDefined({ message: '$property is required' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsInt({ each: true })
  commentIds: number[];

  @IsDefined({ message: '$property is required' })
  @ValidateNested()
  @Type(() => CommentChangesDto)
  updatedData: CommentChangesDto;
}

export class DeleteCommentsRequest extends AnnotationTargetRequest {
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_ITEMS)
  @IsInt({ each: true })
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

  @IsDefined({ message: '$property is required' })
  @ValidateNested()
  @Type(() => UserDto)
  user: UserDto;
}
