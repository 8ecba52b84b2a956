import { applyDecorators } from '@nestjs/common';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsString,
  MaxLength,
} from 'class-validator';
import {
  FreeObject,
  MAX_BATCH_ITEMS,
  NestedList,
  NestedObject,
  OptionalField,
  OptionalText,
  RequiredField,
  RequiredId,
} from '@app/platform';
import { DocumentTargetRequest, OptionalUser, RequiredUser, UserDto } from './common.dto';

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

  @NestedList(() => TaggedContactDto, { max: 100, optional: true })
  taggedUserContacts?: TaggedContactDto[];

  @FreeObject()
  context?: Record<string, unknown>;

  /** false: the comment makes no derived notification (D10.3); absent: it does. */
  @OptionalField()
  @IsBoolean()
  triggerNotification?: boolean;

  /** false: the comment makes no derived activity record (D7.6); absent: it does. */
  @OptionalField()
  @IsBoolean()
  triggerActivities?: boolean;
}

/** The annotation a comment operation acts on. */
export class AnnotationTargetRequest extends DocumentTargetRequest {
  @RequiredId()
  annotationId: string;
}

/** 1 to 1000 comment ids (numbers, as the hosted service makes them). */
const CommentIds = () =>
  applyDecorators(IsArray(), ArrayMinSize(1), ArrayMaxSize(MAX_BATCH_ITEMS), IsInt({ each: true }));

export class UpdateCommentsRequest extends AnnotationTargetRequest {
  @RequiredField()
  @CommentIds()
  commentIds: number[];

  @NestedObject(() => CommentChangesDto)
  updatedData: CommentChangesDto;
}

export class DeleteCommentsRequest extends AnnotationTargetRequest {
  @OptionalField()
  @CommentIds()
  commentIds?: number[];
}

export class CommentReactionRequest extends AnnotationTargetRequest {
  @RequiredField()
  @IsInt()
  commentId: number;

  @RequiredField()
  @IsString()
  @MaxLength(128)
  icon: string;

  @RequiredUser()
  user: UserDto;
}
